import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import { z } from 'zod';
import { LazyLocalModel, LocalModelFolder } from '../common/local-model-folder.js';
import type { EmbeddingProvider } from './embedding-provider.js';

export interface LocalOnnxEmbeddingsOptions {
  /** A model folder in the transformers.js layout: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx. */
  modelPath: string;
  /** Texts per inference run: larger batches are faster but pad every text to the batch's longest. */
  batchSize: number;
}

const modelConfig = z.object({ hidden_size: z.number().int().positive() });

/** A sentence-embedding model (e.g. all-MiniLM-L6-v2) run in-process by ONNX Runtime on the CPU; nothing is downloaded. */
export class LocalOnnxEmbeddings implements EmbeddingProvider {
  readonly id = 'local-onnx';
  readonly model: string;
  /** The length of the model's vectors, which its config.json gives as hidden_size. */
  readonly dimensions: number;
  private readonly folder: LocalModelFolder;
  private readonly batchSize: number;
  private readonly extractor: LazyLocalModel<FeatureExtractionPipeline>;

  constructor(options: LocalOnnxEmbeddingsOptions) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new Error(`Embedding batch size must be a positive integer, got ${options.batchSize}`);
    }
    this.folder = new LocalModelFolder('Local embedding model', options.modelPath);
    this.model = this.folder.name;
    this.batchSize = options.batchSize;
    this.dimensions = this.folder.config(modelConfig, 'it has no positive whole hidden_size').hidden_size;
    const dtype = this.folder.weights(['fp32']);
    this.extractor = new LazyLocalModel(this.folder, ({ pipeline }, path) =>
      pipeline('feature-extraction', path, { device: 'cpu', dtype, model_file_name: 'model' }),
    );
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const extractor = await this.extractor.loaded();
      // A batch runs to its end once started: ONNX Runtime cannot be interrupted, so the signal is heeded between batches.
      signal?.throwIfAborted();
      const output = await extractor(texts.slice(start, start + this.batchSize), { pooling: 'mean', normalize: true });
      const [, width] = output.dims;
      if (width !== this.dimensions) {
        throw this.folder.problem(
          `returned vectors of ${width} dimensions, but its config.json says hidden_size ${this.dimensions}`,
        );
      }
      vectors.push(...(output.tolist() as number[][]));
    }
    return vectors;
  }

  /** Loads the model again from its folder (System Services' Restart); calls under way finish on the old one. */
  reload(): Promise<void> {
    return this.extractor.reload();
  }
}
