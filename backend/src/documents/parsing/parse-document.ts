import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseDocumentBytes } from './parse-document-bytes.js';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parse-limits.js';
import type { ParseResult } from './parse-result.js';

export interface ParseDocumentOptions {
  limits?: Partial<ParseLimits>;
  /**
   * False parses on the calling thread, without the time and memory limits. The
   * default is the worker wherever its compiled entry exists, which is everywhere but
   * tests running from TypeScript sources.
   */
  runInWorker?: boolean;
}

export interface ParseWorkerInput {
  bytes: Uint8Array;
  fileName: string;
  limits: ParseLimits;
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
  const limits: ParseLimits = { ...DEFAULT_PARSE_LIMITS, ...options.limits };
  if (!(options.runInWorker ?? WORKER_COMPILED)) return parseDocumentBytes(bytes, fileName, limits);
  return runParseWorker({ bytes, fileName, limits });
}

function runParseWorker(input: ParseWorkerInput): Promise<ParseResult> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: input.limits.maxOldGenerationSizeMb },
    });
    let settled = false;
    const settle = (result: ParseResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: PARSING_TOO_LONG }), input.limits.timeLimitMs);
    worker.once('message', (result: ParseResult) => settle(result));
    worker.once('error', (error: Error & { code?: string }) =>
      settle({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? PARSING_OUT_OF_MEMORY : PARSING_CRASHED }),
    );
    worker.once('exit', () => settle({ ok: false, reason: PARSING_CRASHED }));
  });
}
