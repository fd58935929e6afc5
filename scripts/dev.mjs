// `npm run dev`: the server rebuilt and restarted on every backend change, the web app hot-reloaded by Vite.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, WEB_DEV: 'true', NODE_ENV: process.env.NODE_ENV ?? 'development' };
// One full build first, so the server starts on current code.
if (spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit', env }).status !== 0) process.exit(1);
const children = [
  spawn('npx', ['tsc', '-b', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, ['--watch-path=backend/dist', '--watch-path=common/dist', 'backend/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
