import type { OnModuleDestroy } from '@nestjs/common';
import { z } from 'zod';
import { LocalModelFolder } from '../common/local-model-folder.js';
import { LocalModelWorker } from '../common/local-model-worker.js';
import type { EmbeddingProvider } from './embedding-provider.js';

export interface LocalOnnxEmbeddingsOptions {
  /** A model folder in the transformers.js layout: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx. */
  modelPath: string;
  /** Texts per inference run: larger batches are faster but pad every text to the batch's longest. */
  batchSize: number;
}

const modelConfig = z.object({ hidden_size: z.number().int().positive() });

/**
 * A sentence-embedding model (e.g. all-MiniLM-L6-v2) run by ONNX Runtime on the CPU, in a worker thread of
 * this process so that requests go on while it embeds; nothing is downloaded.
 */
export class LocalOnnxEmbeddings implements EmbeddingProvider, OnModuleDestroy {
  readonly id = 'local-onnx';
  readonly model: string;
  /** The length of the model's vectors, which its config.json gives as hidden_size. */
  readonly dimensions: number;
  private readonly folder: LocalModelFolder;
  private readonly batchSize: number;
  private readonly extractor: LocalModelWorker;

  constructor(options: LocalOnnxEmbeddingsOptions) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new Error(`Embedding batch size must be a positive integer, got ${options.batchSize}`);
    }
    this.folder = new LocalModelFolder('Local embedding model', options.modelPath);
    this.model = this.folder.name;
    this.batchSize = options.batchSize;
    this.dimensions = this.folder.config(modelConfig, 'it has no positive whole hidden_size').hidden_size;
    this.extractor = new LocalModelWorker(this.folder, {
      kind: 'embedder',
      dtype: this.folder.weights(['fp32']),
    });
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      // A batch runs to its end once started: ONNX Runtime cannot be interrupted, so an aborted call's batch is left to finish unread.
      const { data, dims } = await this.extractor.embed(texts.slice(start, start + this.batchSize), signal);
      const [rows = 0, width] = dims;
      if (width !== this.dimensions) {
        throw this.folder.problem(
          `returned vectors of ${width} dimensions, but its config.json says hidden_size ${this.dimensions}`,
        );
      }
      for (let row = 0; row < rows; row++) vectors.push(Array.from(data.subarray(row * width, (row + 1) * width)));
    }
    return vectors;
  }

  /** Loads the model again from its folder in a new worker (System Services' Restart); calls under way finish on the old one. */
  reload(): Promise<void> {
    return this.extractor.reload();
  }

  onModuleDestroy(): Promise<void> {
    return this.extractor.close();
  }
}
