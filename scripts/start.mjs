// `npm start`: check Node, install dependencies and build when needed, then run the server.
// Plain Node ESM with no dependencies: it must run (at least far enough to explain
// itself) on whatever Node invoked it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED = [22, 17];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < REQUIRED[0] || (major === REQUIRED[0] && minor < REQUIRED[1])) {
  console.error(
    `Docent needs Node.js >= ${REQUIRED.join('.')}; this is ${process.version}.\n` +
      'Install a newer Node, or get Node 22 from the npm registry into this folder:\n' +
      '  npm install --prefix .tools node@22\n' +
      '  export PATH="$PWD/.tools/node_modules/.bin:$PATH"\n' +
      'then run npm start again.',
  );
  process.exit(1);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// npm and the tools it starts (tsc, …) run on this same Node.
const env = { ...process.env, PATH: [dirname(process.execPath), process.env.PATH].join(delimiter) };

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const touch = (path) => {
  const now = new Date();
  utimesSync(path, now, now);
};

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`\`${[command, ...args].join(' ')}\` failed${result.error ? `: ${result.error.message}` : ''}.`);
    process.exit(result.status || 1);
  }
}

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

// 1. Dependencies: npm writes node_modules/.package-lock.json on every install.
const installed = existsSync('node_modules/.package-lock.json') ? 'node_modules/.package-lock.json' : 'node_modules';
const hasLock = existsSync('package-lock.json');
if (!existsSync('node_modules') || (hasLock && mtime(installed) < mtime('package-lock.json'))) {
  console.log('Installing dependencies…');
  run('npm', [hasLock ? 'ci' : 'install']);
  if (existsSync('node_modules/.package-lock.json')) touch('node_modules/.package-lock.json');
}

// 2. Build: when the entry is missing or any source is newer than the last build.
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

// 3. Run the server in the foreground; stop it with the signals we receive.
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
