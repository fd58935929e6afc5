import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';

type Transformers = typeof import('@huggingface/transformers');

/** The weights transformers.js loads for each dtype: onnx/model<dtype suffix>.onnx, and full precision has no suffix. */
const WEIGHTS = { fp32: join('onnx', 'model.onnx'), q8: join('onnx', 'model_quantized.onnx') } as const;
export type Weights = keyof typeof WEIGHTS;

/**
 * A model folder in the transformers.js layout (config.json, tokenizer files, onnx/model.onnx), checked
 * when the server starts: a wrong folder then stops the start instead of failing every later use.
 * Problems are told as `${kind} ${path} ...`.
 */
export class LocalModelFolder {
  readonly path: string;
  /** The folder's name, which names the model in /status. */
  readonly name: string;

  constructor(
    private readonly kind: string,
    path: string,
  ) {
    this.path = resolve(path);
    this.name = basename(this.path);
    if (!statSync(this.path, { throwIfNoEntry: false })?.isDirectory()) throw this.problem('is not a folder');
  }

  requireFiles(...files: string[]): void {
    for (const file of files) {
      if (!statSync(join(this.path, file), { throwIfNoEntry: false })?.isFile()) throw this.problem(`has no ${file}`);
    }
  }

  /** The first of the `accepted` weights, most precise first, that the folder has. */
  weights(accepted: readonly Weights[]): Weights {
    const found = accepted.find((weights) =>
      statSync(join(this.path, WEIGHTS[weights]), { throwIfNoEntry: false })?.isFile(),
    );
    if (!found) throw this.problem(`has no ${accepted.map((weights) => WEIGHTS[weights]).join(' or ')}`);
    return found;
  }

  /** Its config.json, read by `schema`; `requirement` says what the schema asks when config.json has it wrong. */
  config<Config>(schema: z.ZodType<Config>, requirement: string): Config {
    try {
      return schema.parse(JSON.parse(readFileSync(join(this.path, 'config.json'), 'utf8')));
    } catch (error) {
      const reason = error instanceof z.ZodError ? requirement : error instanceof Error ? error.message : String(error);
      throw this.problem(`needs a readable config.json: ${reason}`, error);
    }
  }

  problem(description: string, cause?: unknown): Error {
    return new Error(`${this.kind} ${this.path} ${description}`, { cause });
  }
}

/**
 * A model held in this process, loaded from its folder on first use so that the server starts fast.
 * Concurrent first calls share one load; a failed load is forgotten, so that a later call tries again
 * rather than repeating a failure that may since have been fixed.
 */
export class LazyLocalModel<Model extends { dispose(): Promise<unknown> }> {
  private loading: Promise<Model> | undefined;

  constructor(
    private readonly folder: LocalModelFolder,
    private readonly load: (transformers: Transformers, path: string) => Promise<Model>,
  ) {}

  loaded(): Promise<Model> {
    this.loading ??= this.loadOffline().catch((error: unknown) => {
      this.loading = undefined;
      throw this.folder.problem(
        `could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    });
    return this.loading;
  }

  /**
   * Loads the model again from its folder (System Services' Restart): a model file replaced
   * since is picked up, and a load that failed is tried afresh. Calls under way finish on the old one.
   */
  async reload(): Promise<void> {
    const previous = this.loading;
    this.loading = undefined;
    await this.loaded();
    await (await previous?.catch(() => undefined))?.dispose();
  }

  private async loadOffline(): Promise<Model> {
    // Imported here, not at the top: the library loads ONNX Runtime's and sharp's native code, which a server without a local model never needs.
    const transformers = await import('@huggingface/transformers');
    // The model is a local folder; an absolute path is read as such, and nothing may fall back to the Hugging Face Hub.
    transformers.env.allowRemoteModels = false;
    return this.load(transformers, this.folder.path);
  }
}
