import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LocalModelFolder, Weights } from './local-model-folder.js';

/** What the worker holds: a sentence embedder (feature extraction) or a cross-encoder (sequence classification). */
export interface LocalModelKind {
  kind: 'embedder' | 'cross-encoder';
  dtype: Weights;
}
/** What the worker is started with: the model and its folder. */
export type LocalModelSpec = LocalModelKind & { path: string };

/** A tensor's numbers, row after row, and its shape. */
export interface ModelOutput {
  data: Float32Array<ArrayBuffer>;
  dims: number[];
}

type Work = { type: 'embed'; texts: string[] } | { type: 'score'; query: string; passages: string[] };
export type LocalModelRequest = { id: number } & ({ type: 'load' } | { type: 'cancel' } | Work);
export type LocalModelResponse = { id: number } & (
  { ok: true; threadId: number } | { ok: true; output: ModelOutput } | { ok: false; message: string }
);

/**
 * The worker entry beside this module: compiled (dist/.../local-model-thread.js) where the server runs,
 * and its TypeScript source, whose types Node strips, where tests run from the sources.
 */
const COMPILED_ENTRY = new URL('./local-model-thread.js', import.meta.url);
const ENTRY = existsSync(fileURLToPath(COMPILED_ENTRY))
  ? COMPILED_ENTRY
  : new URL('./local-model-thread.ts', import.meta.url);

/**
 * The model's weights live in ONNX Runtime's native memory, outside this limit; it bounds the worker's
 * JavaScript: the tokenizer (a large vocabulary's tokenizer.json is read whole) and the texts of a batch.
 */
const MAX_OLD_GENERATION_SIZE_MB = 1024;

interface Pending {
  resolve(response: LocalModelResponse): void;
  reject(error: Error): void;
}

/** One worker thread and the requests it has yet to answer. */
class ModelThread {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  /** The model's load, shared by the calls that arrive before it ends; forgotten if it fails. */
  loading: Promise<void> | undefined;
  /** Why the worker stopped, once it has: later requests fail with it rather than wait for an answer. */
  stopped: Error | undefined;
  /** The worker's own thread id, which it reports with the loaded model. */
  modelThreadId: number | undefined;
  private nextId = 1;
  private onDrained: (() => void) | undefined;

  constructor(spec: LocalModelSpec, onStop: (thread: ModelThread, error: Error) => void) {
    this.worker = new Worker(ENTRY, {
      workerData: spec,
      resourceLimits: { maxOldGenerationSizeMb: MAX_OLD_GENERATION_SIZE_MB },
    });
    // An idle worker does not keep the process alive; one with requests under way does (see request).
    this.worker.unref();
    this.worker.on('message', (response: LocalModelResponse) => this.settle(response.id)?.resolve(response));
    this.worker.on('error', (error) => onStop(this, error));
    this.worker.on('exit', (code) => onStop(this, new Error(`exited with code ${code}`)));
  }

  request(work: { type: 'load' } | Work, signal?: AbortSignal): Promise<LocalModelResponse> {
    signal?.throwIfAborted();
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<LocalModelResponse>((resolve, reject) => {
      const onAbort = () => {
        this.settle(id);
        // The worker skips it if it has not started it, and drops its answer if it has.
        this.worker.postMessage({ id, type: 'cancel' } satisfies LocalModelRequest);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (response) => (settled(), resolve(response)),
        reject: (error) => (settled(), reject(error)),
      });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, ...work } satisfies LocalModelRequest);
    });
  }

  /** Forgets a request, letting the worker go idle with the last one. */
  settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (pending && this.pending.size === 0) {
      this.worker.unref();
      this.onDrained?.();
    }
    return pending;
  }

  /** Resolves once every request made so far is answered, failed or cancelled. */
  drained(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.onDrained = resolve));
  }

  stop(error: Error): void {
    this.stopped ??= error;
    for (const [id, pending] of this.pending) {
      this.settle(id);
      pending.reject(error);
    }
  }
}

/**
 * A local model (see LocalModelFolder) tokenized and run in a worker thread: ONNX Runtime's Node binding
 * runs inference on the thread that calls it (microsoft/onnxruntime#19611), which here would hold up every
 * other request for as long as a batch takes. The model loads on first use, concurrent first calls sharing
 * the load, and a failed load is tried again by the next call. A worker that crashes or exits fails the calls
 * it had, and the next call starts a new one.
 */
export class LocalModelWorker {
  private thread: ModelThread | undefined;

  constructor(
    private readonly folder: LocalModelFolder,
    private readonly model: LocalModelKind,
  ) {}

  /** Each text's vector (an embedder's). An aborted call rejects at once; the worker drops its work. */
  embed(texts: string[], signal?: AbortSignal): Promise<ModelOutput> {
    return this.run({ type: 'embed', texts }, signal);
  }

  /** Each (query, passage) pair's logits (a cross-encoder's). An aborted call rejects at once; the worker drops its work. */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<ModelOutput> {
    return this.run({ type: 'score', query, passages }, signal);
  }

  /** Loads the model if it is not yet loaded; the calls load it anyway, this lets a caller time the load apart. */
  async load(): Promise<void> {
    await this.loaded();
  }

  /** The id of the thread that holds the model, as that thread tells it once the model is loaded. */
  async threadId(): Promise<number> {
    return (await this.loaded()).modelThreadId!;
  }

  /**
   * Starts a new worker and loads the model into it (System Services' Restart): a model file replaced since
   * is picked up, and a load that failed is tried afresh. Calls under way finish on the old worker, which then ends.
   */
  async reload(): Promise<void> {
    const previous = this.thread;
    this.thread = undefined;
    try {
      await this.loaded();
    } finally {
      if (previous) void this.retire(previous);
    }
  }

  /** Ends the worker; calls under way fail. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    thread.stop(this.folder.problem('was closed while in use'));
    await thread.worker.terminate();
  }

  private async run(work: Work, signal?: AbortSignal): Promise<ModelOutput> {
    const thread = await this.loaded();
    const response = await thread.request(work, signal);
    if (!response.ok) throw this.folder.problem(`failed: ${response.message}`);
    if (!('output' in response)) throw this.folder.problem('answered a request with no numbers');
    return response.output;
  }

  private loaded(): Promise<ModelThread> {
    const thread = (this.thread ??= new ModelThread({ ...this.model, path: this.folder.path }, (stopped, error) =>
      this.stopped(stopped, error),
    ));
    const loading = (thread.loading ??= thread.request({ type: 'load' }).then((response) => {
      if (!response.ok) throw new Error(response.message);
      if ('threadId' in response) thread.modelThreadId = response.threadId;
    }));
    return loading.then(
      () => thread,
      (error: unknown) => {
        if (thread.loading === loading) thread.loading = undefined;
        if (error === thread.stopped) throw error;
        throw this.folder.problem(
          `could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          error,
        );
      },
    );
  }

  private stopped(thread: ModelThread, error: Error): void {
    if (this.thread === thread) this.thread = undefined;
    const reason =
      (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `ran out of its ${MAX_OLD_GENERATION_SIZE_MB} MB heap`
        : error.message;
    thread.stop(this.folder.problem(`stopped while in use (${reason}); the next call starts it again`, error));
  }

  private async retire(thread: ModelThread): Promise<void> {
    await thread.drained();
    await thread.worker.terminate();
  }
}
