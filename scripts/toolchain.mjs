// What `npm start`, `npm test` and `.ci/run` need before anything else: a Node.js new
// enough for MikroORM 7, and the dependencies installed. Plain Node ESM with no
// dependencies, so it runs on whatever older Node invoked it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const REQUIRED = [22, 18];
const toolsBin = join(root, '.tools', 'node_modules', '.bin');
const toolsNode = join(toolsBin, process.platform === 'win32' ? 'node.cmd' : 'node');

function isSupported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > REQUIRED[0] || (major === REQUIRED[0] && minor >= REQUIRED[1]);
}

function versionOf(node) {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Runs a command with inherited output; exits with its status when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options });
  if (result.status !== 0) {
    console.error(`\`${[command, ...args].join(' ')}\` failed${result.error ? `: ${result.error.message}` : ''}.`);
    process.exit(result.status || 1);
  }
}

/**
 * The folder of a Node.js >= 22.18: this process's own, else the one in .tools/, which is
 * fetched from the npm registry (the `node` package ships the real binary) when missing.
 */
export function supportedNodeDirectory() {
  if (isSupported(process.version)) return dirname(process.execPath);
  const tools = existsSync(toolsNode) ? versionOf(toolsNode) : null;
  if (tools && isSupported(tools)) return toolsBin;
  console.error(
    `Node ${process.version} is older than ${REQUIRED.join('.')}: fetching Node 22 from the npm registry into .tools/`,
  );
  run(
    'npm',
    [
      'install',
      '--prefix',
      join(root, '.tools'),
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      'node@22',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const fetched = versionOf(toolsNode);
  if (!fetched || !isSupported(fetched)) {
    console.error(`Node >= ${REQUIRED.join('.')} is still not available (.tools has ${fetched ?? 'none'}).`);
    process.exit(1);
  }
  return toolsBin;
}

/**
 * Makes sure this script runs on a supported Node: if it does not, runs it again on the
 * one in .tools/ and exits with that run's status. Child processes (npm, tsc, jest…) find
 * the same Node first on PATH.
 */
export function ensureSupportedNode() {
  const directory = supportedNodeDirectory();
  process.env.PATH = [directory, process.env.PATH].join(delimiter);
  if (isSupported(process.version)) return;
  // Ctrl+C reaches the whole process group: the rerun handles it, this one waits for it.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
  const rerun = spawnSync(join(directory, 'node'), process.argv.slice(1), { stdio: 'inherit', env: process.env });
  process.exit(rerun.status ?? 1);
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  // npm writes node_modules/.package-lock.json on every install.
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(join(root, 'node_modules')) && mtime(installed) >= mtime(lock)) return;
  console.log('Installing dependencies…');
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], { cwd: root });
  if (existsSync(installed)) {
    const now = new Date();
    utimesSync(installed, now, now);
  }
}

// `node scripts/toolchain.mjs`: prints the folder of a supported Node (fetching it when
// needed) for shell scripts such as .ci/run to put first on PATH.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(supportedNodeDirectory());
}
