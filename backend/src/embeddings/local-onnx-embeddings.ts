import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import { z } from 'zod';
import type { EmbeddingProvider } from './embedding-provider.js';

export interface LocalOnnxEmbeddingsOptions {
  /** A model folder in the transformers.js layout: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx. */
  modelPath: string;
  /** Texts per inference run: larger batches are faster but pad every text to the batch's longest. */
  batchSize: number;
}

/** The full-precision weights: transformers.js looks for onnx/<model_file_name><dtype suffix>.onnx, and fp32 has none. */
const MODEL_FILE = join('onnx', 'model.onnx');

/** A sentence-embedding model (e.g. all-MiniLM-L6-v2) run in-process by ONNX Runtime on the CPU; nothing is downloaded. */
export class LocalOnnxEmbeddings implements EmbeddingProvider {
  readonly id = 'local-onnx';
  readonly model: string;
  readonly dimensions: number;
  private readonly modelPath: string;
  private readonly batchSize: number;
  private extractor: Promise<FeatureExtractionPipeline> | undefined;

  constructor(options: LocalOnnxEmbeddingsOptions) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new Error(`Embedding batch size must be a positive integer, got ${options.batchSize}`);
    }
    this.modelPath = resolve(options.modelPath);
    this.model = basename(this.modelPath);
    this.batchSize = options.batchSize;
    if (!statSync(this.modelPath, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`Local embedding model ${this.modelPath} is not a folder`);
    }
    this.dimensions = readHiddenSize(this.modelPath);
    // Checked now rather than at the first embedding, so that a wrong folder stops the start instead of every upload's indexing.
    if (!statSync(join(this.modelPath, MODEL_FILE), { throwIfNoEntry: false })?.isFile()) {
      throw new Error(`Local embedding model ${this.modelPath} has no ${MODEL_FILE}`);
    }
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const extractor = await this.loaded();
      // A batch runs to its end once started: ONNX Runtime cannot be interrupted, so the signal is heeded between batches.
      signal?.throwIfAborted();
      const output = await extractor(texts.slice(start, start + this.batchSize), { pooling: 'mean', normalize: true });
      const [, width] = output.dims;
      if (width !== this.dimensions) {
        throw new Error(
          `Local embedding model ${this.modelPath} returned vectors of ${width} dimensions, but its config.json says hidden_size ${this.dimensions}`,
        );
      }
      vectors.push(...(output.tolist() as number[][]));
    }
    return vectors;
  }

  /**
   * Loads the model again from its folder (System Services' Restart): a model file replaced
   * since is picked up, and a load that failed is tried afresh. Calls under way finish on the old one.
   */
  async reload(): Promise<void> {
    const previous = this.extractor;
    this.extractor = undefined;
    await this.loaded();
    await (await previous?.catch(() => undefined))?.dispose();
  }

  /** Loads the model on first use, so that the server starts fast; concurrent first calls share one load. */
  private loaded(): Promise<FeatureExtractionPipeline> {
    this.extractor ??= this.load().catch((error: unknown) => {
      // Forgotten, so that a later call tries again rather than repeating a failure that may since have been fixed.
      this.extractor = undefined;
      throw new Error(
        `Local embedding model ${this.modelPath} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    });
    return this.extractor;
  }

  private async load(): Promise<FeatureExtractionPipeline> {
    // Imported here, not at the top: the library loads ONNX Runtime's and sharp's native code, which a server without a local model never needs.
    const { env, pipeline } = await import('@huggingface/transformers');
    // The model is a local folder; an absolute path is read as such, and nothing may fall back to the Hugging Face Hub.
    env.allowRemoteModels = false;
    return pipeline('feature-extraction', this.modelPath, { device: 'cpu', dtype: 'fp32', model_file_name: 'model' });
  }
}

const modelConfig = z.object({ hidden_size: z.number().int().positive() });

/** The length of the model's vectors, which its config.json gives as hidden_size. */
function readHiddenSize(modelPath: string): number {
  const configPath = join(modelPath, 'config.json');
  try {
    return modelConfig.parse(JSON.parse(readFileSync(configPath, 'utf8'))).hidden_size;
  } catch (error) {
    const reason =
      error instanceof z.ZodError
        ? 'it has no positive whole hidden_size'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`Local embedding model ${modelPath} needs a readable config.json: ${reason}`, { cause: error });
  }
}
