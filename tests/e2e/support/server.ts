import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root: the server resolves PLUGINS_DIR (./plugins) against its working directory. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const SERVER_ENTRY = join(REPO_ROOT, 'backend/dist/main.js');
const WEB_BUILD = join(REPO_ROOT, 'frontend/build/server/index.js');

const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Refuses to start against a missing build: without frontend/build the server
 * answers every page with a 404 from the API, and every test fails for a reason
 * that has nothing to do with what it checks.
 */
export function assertBuilt(): void {
  const missing = [SERVER_ENTRY, WEB_BUILD].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `The end-to-end suite runs against the production build, and ${missing.join(' and ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing. Run \`npm run build\` first (npm test does).`,
    );
  }
}

/** A port nobody listens on right now, on the loopback address the server will bind. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ServerOptions {
  /** Defaults to a free port; a restart reuses the port the server first had. */
  port?: number;
  /** Defaults to a fresh temporary folder, removed by dispose(). */
  dataDir?: string;
  /** Extra environment for the server process (rate limits, TTLs, ...). */
  env?: Record<string, string>;
  /** Tag for the log file and error messages. */
  name?: string;
}

/**
 * One Docent server process (`node backend/dist/main.js`) on the loopback address,
 * with its own port and DATA_DIR. It can be stopped and started again on the same
 * port and data, which is how the suite takes the server away from a page.
 */
export class DocentServer {
  readonly port: number;
  readonly dataDir: string;
  readonly baseURL: string;
  readonly logFile: string;
  private readonly ownsDataDir: boolean;
  private readonly env: Record<string, string>;
  private readonly name: string;
  private child: ChildProcess | undefined;
  private log: WriteStream | undefined;

  private constructor(port: number, options: ServerOptions) {
    this.port = port;
    this.ownsDataDir = options.dataDir === undefined;
    this.dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'docent-e2e-'));
    this.baseURL = `http://127.0.0.1:${port}`;
    this.name = options.name ?? 'docent';
    this.logFile = join(this.dataDir, `${this.name}.log`);
    this.env = options.env ?? {};
  }

  /** Starts a server and resolves once GET /health answers 200. */
  static async start(options: ServerOptions = {}): Promise<DocentServer> {
    assertBuilt();
    const server = new DocentServer(options.port ?? (await freePort()), options);
    try {
      await server.start();
    } catch (error) {
      await server.dispose();
      throw error;
    }
    return server;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** (Re)starts the process on the same port and DATA_DIR. */
  async start(): Promise<void> {
    if (this.running) return;
    this.log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      // Only what the server needs: a developer's own JWT_SECRET, DATABASE_URL or
      // DEMO_MODE must not leak into the server under test.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        // Every test registers and signs in from the same address: the real limits would trip.
        LOGIN_RATE_LIMIT_PER_IP: '10000',
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000',
        REGISTER_RATE_LIMIT_PER_IP: '10000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    await this.waitForHealth(child);
  }

  /** Stops the process (SIGTERM, then SIGKILL if it lingers) and waits until the port is released. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((done) => (this.log ? this.log.end(done) : done()));
    this.log = undefined;
  }

  /** Kills the process at once (SIGKILL), as a crash or power cut would: nothing gets to shut down cleanly. */
  async crash(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGKILL');
      await exited;
    }
    await new Promise<void>((done) => (this.log ? this.log.end(done) : done()));
    this.log = undefined;
  }

  /** Stops the process and removes the data folder it was given by start(). */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.ownsDataDir && !process.env.DOCENT_E2E_KEEP_DATA) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The end of the server's log, for error messages. */
  logTail(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  private async waitForHealth(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    let exit: string | undefined;
    child.once('exit', (code, signal) => (exit = signal ? `signal ${signal}` : `code ${code}`));
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (exit) {
        await this.stop();
        throw new Error(`The ${this.name} server exited with ${exit} before it was healthy:\n${this.logTail()}`);
      }
      try {
        const response = await fetch(`${this.baseURL}/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
        last = `HTTP ${response.status}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await new Promise((wait) => setTimeout(wait, 200));
    }
    await this.stop();
    throw new Error(
      `The ${this.name} server did not answer GET /health within ${HEALTH_TIMEOUT_MS / 1000}s (${last}):\n${this.logTail()}`,
    );
  }
}
