import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';

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
