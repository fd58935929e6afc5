// What every benchmark needs around the server: start the compiled server on a free
// port with its own data folder, sign up, call the API, and watch the server's memory.
// Plain Node ESM, so a benchmark runs without a build step of its own.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = join(ROOT, 'backend', 'dist', 'main.js');

const STARTUP_TIMEOUT_MS = 120_000;
const SHUTDOWN_GRACE_MS = 15_000;
const LOG_TAIL_LINES = 40;

/** Fails with the command that fixes it, before a benchmark spends minutes preparing. */
export function assertServerBuilt() {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  }
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts `node backend/dist/main.js` on a free port with an embedded database in
 * `dataDir`. The server's output goes to `logFile`; its last lines are kept for
 * error messages. Variables that would point the server at another database or an
 * embeddings service are dropped, so a run measures only what `env` asks for.
 */
export async function startServer({ dataDir, logFile, env = {}, nodeArgs = [] }) {
  assertServerBuilt();
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && !name.startsWith('EMBEDDINGS_')),
  );
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const log = createWriteStream(logFile);
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      tail.push(...text.split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - LOG_TAIL_LINES));
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const logTail = () => tail.join('\n');

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let ready = false;
  while (!ready) {
    const exit = await Promise.race([exited, sleep(200).then(() => null)]);
    if (exit) throw new Error(`The server exited while starting (${describeExit(exit)}):\n${logTail()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /health within ${STARTUP_TIMEOUT_MS / 1000} s:\n${logTail()}`);
    }
    ready = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
  }

  return {
    url,
    pid: child.pid,
    exited,
    logTail,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      await new Promise((resolve) => log.end(resolve));
    },
  };
}

export function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the first account (which becomes the administrator) and returns its access token. */
export async function registerAdmin(url) {
  const password = 'benchmark-password-1';
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Benchmark', email: 'bench@example.com', password, confirmPassword: password }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.accessToken) {
    throw new Error(`Registering failed: ${response.status} ${body.error ?? JSON.stringify(body)}`);
  }
  return body.accessToken;
}

const GET_ATTEMPTS = 3;

/**
 * GET a JSON resource of the API; any answer but 2xx is an error naming the path.
 * A busy server can let an idle keep-alive connection lapse just as it is reused,
 * which resets it: a GET is safe to repeat, so that is retried on a new connection.
 */
export async function getJson(url, path, token) {
  let response;
  for (let attempt = 1; !response; attempt++) {
    try {
      response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      if (attempt >= GET_ATTEMPTS || error.cause?.code !== 'ECONNRESET') throw error;
    }
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.error ?? JSON.stringify(body)}`);
  return body;
}

/** VmRSS of a process in bytes, or null once it is gone. */
function residentBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return null;
  }
}

/** The process and every process below it (worker threads are part of the process itself). */
function processTree(pid) {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${tree[index]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${tree[index]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended between listing and reading.
      }
    }
  }
  return tree;
}

/**
 * Samples, every `intervalMs`, the resident memory of the process `pid` with its
 * children, and of this process for reference. Linux only (/proc); elsewhere the
 * server's peak is null.
 */
export function sampleMemory(pid, intervalMs = 100) {
  const supported = existsSync(`/proc/${pid}/status`);
  let serverPeak = 0;
  let clientPeak = 0;
  const sample = () => {
    clientPeak = Math.max(clientPeak, process.memoryUsage.rss());
    if (!supported) return;
    const total = processTree(pid).reduce((sum, member) => sum + (residentBytes(member) ?? 0), 0);
    serverPeak = Math.max(serverPeak, total);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { serverPeakBytes: supported ? serverPeak : null, clientPeakBytes: clientPeak };
    },
  };
}

export const MB = 1024 * 1024;

export function percentile(sortedValues, fraction) {
  if (sortedValues.length === 0) return NaN;
  const rank = Math.ceil(fraction * sortedValues.length) - 1;
  return sortedValues[Math.min(sortedValues.length - 1, Math.max(0, rank))];
}
