import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ChunkingOptions } from '../chunking/chunk-document.js';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parse-limits.js';
import type { ParseResult } from './parse-result.js';
import { runParseTask, type ParseTask, type PrepareResult } from './parse-task.js';

export interface ParseDocumentOptions {
  limits?: Partial<ParseLimits>;
  /**
   * False parses on the calling thread, without the time and memory limits. The
   * default is the worker wherever its compiled entry exists, which is everywhere but
   * tests running from TypeScript sources.
   */
  runInWorker?: boolean;
}

export const PARSING_TOO_LONG = 'Parsing took too long';
export const PARSING_OUT_OF_MEMORY = 'The document needs more memory to parse than is allowed';
export const PARSING_CRASHED = 'Parsing failed unexpectedly';

/**
 * The worker entry beside this module once compiled (dist/.../parse-worker.js). Plain
 * Node runs it, so the worker path works from the build only, never from .ts sources.
 */
const WORKER_URL = new URL('./parse-worker.js', import.meta.url);
const WORKER_COMPILED = existsSync(fileURLToPath(WORKER_URL));

/**
 * Detects the type of a file from its content, refuses unsafe archives, and parses it
 * in a worker thread so that a slow or greedy file cannot block or exhaust the server.
 * Never throws for a bad file: the result says why it was refused.
 */
export async function parseDocument(
  bytes: Uint8Array,
  fileName: string,
  options: ParseDocumentOptions = {},
): Promise<ParseResult> {
  return (await runTask(
    { bytes, fileName, limits: { ...DEFAULT_PARSE_LIMITS, ...options.limits } },
    options,
  )) as ParseResult;
}

/**
 * Parses a file as parseDocument does, then cuts it into chunks and computes their
 * keyword postings on the same worker: that work is as heavy as parsing, and the
 * event loop must stay free for requests and the database. Takes the bytes over: when
 * they fill their own buffer, it moves to the worker rather than being copied, and the
 * caller's view is left empty.
 */
export async function prepareDocument(
  bytes: Uint8Array,
  fileName: string,
  chunking: ChunkingOptions,
  options: ParseDocumentOptions = {},
): Promise<PrepareResult> {
  const ownBuffer =
    bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (await runTask(
    { bytes, fileName, chunking, limits: { ...DEFAULT_PARSE_LIMITS, ...options.limits } },
    options,
    ownBuffer ? [bytes.buffer] : [],
  )) as PrepareResult;
}

function runTask(
  task: ParseTask,
  options: ParseDocumentOptions,
  transferList: ArrayBuffer[] = [],
): Promise<ParseResult | PrepareResult> {
  return (options.runInWorker ?? WORKER_COMPILED) ? runParseWorker(task, transferList) : runParseTask(task);
}

/**
 * Long-lived workers, one pool per heap limit: starting a worker (and loading every
 * parser library into it) costs far more than parsing a typical file. A worker that
 * runs out of time or memory is terminated and replaced; the others carry on.
 */
const pools = new Map<number, Piscina<ParseTask, ParseResult | PrepareResult>>();
/** Idle workers are let go after this long, so an idle server holds no parser heaps. */
const IDLE_WORKER_TIMEOUT_MS = 30_000;

function poolFor(maxOldGenerationSizeMb: number): Piscina<ParseTask, ParseResult | PrepareResult> {
  let pool = pools.get(maxOldGenerationSizeMb);
  if (!pool) {
    pool = new Piscina({
      filename: WORKER_URL.href,
      maxThreads: availableParallelism(),
      idleTimeout: IDLE_WORKER_TIMEOUT_MS,
      resourceLimits: { maxOldGenerationSizeMb },
    });
    // A worker replacing one that died may fail with no task to report it to; the task's own error already did.
    pool.on('error', () => undefined);
    pools.set(maxOldGenerationSizeMb, pool);
  }
  return pool;
}

async function runParseWorker(task: ParseTask, transferList: ArrayBuffer[]): Promise<ParseResult | PrepareResult> {
  try {
    return await poolFor(task.limits.maxOldGenerationSizeMb).run(task, {
      signal: AbortSignal.timeout(task.limits.timeLimitMs),
      transferList,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') return { ok: false, reason: PARSING_TOO_LONG };
    if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return { ok: false, reason: PARSING_OUT_OF_MEMORY };
    return { ok: false, reason: PARSING_CRASHED };
  }
}

/** How many parse worker threads are running now (idle ones are let go after a while). */
export function parseWorkerCount(): number {
  return [...pools.values()].reduce((count, pool) => count + pool.threads.length, 0);
}

/** Stops every parse worker; for shutdown. */
export async function closeParseWorkers(): Promise<void> {
  const closing = [...pools.values()].map((pool) => pool.close({ force: true }));
  pools.clear();
  await Promise.all(closing);
}
