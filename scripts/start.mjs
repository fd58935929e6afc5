// `npm start`: a supported Node and the dependencies, a build when needed, then the server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { ensureDependencies, ensureSupportedNode, root, run } from './toolchain.mjs';

ensureSupportedNode();
process.chdir(root);
ensureDependencies();

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const touch = (path) => {
  const now = new Date();
  utimesSync(path, now, now);
};

// Newest modification time of the .ts and .tsx files under dir (dist and node_modules skipped).
function newestTs(dir, recurse = true) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recurse && entry.name !== 'node_modules' && entry.name !== 'dist') newest = Math.max(newest, newestTs(path));
    } else if (/\.tsx?$/.test(entry.name)) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

// The build: when the entry is missing or any source is newer than the last build.
const entry = 'backend/dist/main.js';
const webEntry = 'frontend/build/server/index.js';
const pluginSources = existsSync('plugins')
  ? readdirSync('plugins', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join('plugins', d.name, 'src'))
  : [];
const sources = ['backend/src', 'common/src', 'frontend/app', ...pluginSources].map((dir) => newestTs(dir));
const newestSource = Math.max(0, ...sources, newestTs('migrations', false));
if (!existsSync(entry) || !existsSync(webEntry) || newestSource > Math.min(mtime(entry), mtime(webEntry))) {
  console.log('Building…');
  run('npm', ['run', 'build']);
  for (const output of [entry, webEntry]) {
    if (!existsSync(output)) {
      console.error(`The build finished but ${output} is missing.`);
      process.exit(1);
    }
    // tsc -b rewrites only the outputs that changed: mark the time of this build.
    touch(output);
  }
}

// The server in the foreground; stop it with the signals we receive.
const child = spawn(process.execPath, [entry], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
