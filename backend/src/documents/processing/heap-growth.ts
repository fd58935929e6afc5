import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far past what its last full collection kept a V8 heap may grow while documents are
 * processed. Left to itself, V8 lets a heap grow to several times its live size while a
 * program allocates fast, as ingestion does (COPY text, query results, parsed files): on the
 * ingestion benchmark the main heap peaked near 450 MB with about 170 MB live, and the
 * process at 1.2–1.3 GB; capped, mostly under 1 GB. A cap means more frequent full
 * collections, which cost searching alone about a fifth of its throughput, so it holds only
 * while documents are processed (README, Benchmarks). The flag is process-wide: the parse
 * workers keep to it too.
 */
const INGESTION_HEAP_GROWING_PERCENT = 40;
/** V8's own growth, by how fast it collects against how fast the program allocates. */
const V8_OWN_GROWTH = 0;
/** A `--heap-growing-percent` on the node command line is the operator's choice, and wins. */
const SET_ON_COMMAND_LINE = process.execArgv.some((argument) => argument.startsWith('--heap-growing-percent'));

let processing = false;

/** Caps heap growth while documents are processed, or leaves it to V8 again. */
export function capHeapGrowth(processingNow: boolean): void {
  processing = processingNow;
  if (SET_ON_COMMAND_LINE) return;
  growAsProcessingRequires();
}

/**
 * One full collection once the server has started, before it listens, with growth capped.
 * Starting the embedded database on a fresh data folder leaves about 300 MB of its setup's
 * WebAssembly memory that nothing references, and V8 sizes the heap's next limit at a full
 * collection: left to itself it kept that memory, and then let the first uploads grow the
 * main heap to about 400 MB, before collecting (the benchmark's peaks over 1 GB). `gc` is
 * exposed only to a new context, as Jest's leak detector does it.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  if (SET_ON_COMMAND_LINE) return collect();
  setHeapGrowingPercent(INGESTION_HEAP_GROWING_PERCENT);
  collect();
  growAsProcessingRequires();
}

function growAsProcessingRequires(): void {
  setHeapGrowingPercent(processing ? INGESTION_HEAP_GROWING_PERCENT : V8_OWN_GROWTH);
}

function setHeapGrowingPercent(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
