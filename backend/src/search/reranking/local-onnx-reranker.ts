import type { OnModuleDestroy } from '@nestjs/common';
import { LocalModelFolder } from '../../common/local-model-folder.js';
import { LocalModelWorker, type ModelOutput } from '../../common/local-model-worker.js';
import type { Reranker } from './reranker.port.js';

export interface LocalOnnxRerankerOptions {
  /**
   * A cross-encoder folder in the transformers.js layout (e.g. Xenova/ms-marco-MiniLM-L-6-v2's): config.json,
   * tokenizer.json, tokenizer_config.json, and onnx/model.onnx or onnx/model_quantized.onnx.
   */
  modelPath: string;
  /** Passages per inference run: larger batches are faster but pad every pair to the batch's longest. */
  batchSize: number;
  /** How long one call may take; checked between batches, as a batch under way cannot be interrupted. */
  timeoutMs: number;
}

/**
 * A cross-encoder run by ONNX Runtime on the CPU, in a worker thread of this process so that requests go on
 * while it scores, nothing downloaded: each passage is read together with the query, as one (query, passage)
 * pair, and scored by the model's relevance logit.
 */
export class LocalOnnxReranker implements Reranker, OnModuleDestroy {
  readonly id = 'local-onnx';
  readonly model: string;
  private readonly folder: LocalModelFolder;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly crossEncoder: LocalModelWorker;

  constructor(options: LocalOnnxRerankerOptions) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new Error(`Reranker batch size must be a positive integer, got ${options.batchSize}`);
    }
    this.folder = new LocalModelFolder('Local reranker model', options.modelPath);
    this.model = this.folder.name;
    this.batchSize = options.batchSize;
    this.timeoutMs = options.timeoutMs;
    this.folder.requireFiles('config.json', 'tokenizer.json', 'tokenizer_config.json');
    // Quantized weights are what most published transformers.js rerankers ship; full precision is preferred when both are there.
    this.crossEncoder = new LocalModelWorker(this.folder, {
      kind: 'cross-encoder',
      dtype: this.folder.weights(['fp32', 'q8']),
    });
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    await this.crossEncoder.load();
    const scores: number[] = [];
    for (let start = 0; start < passages.length; start += this.batchSize) {
      // A batch runs to its end once started: ONNX Runtime cannot be interrupted, so the deadline is heeded between
      // batches, and an aborted call's batch is left to finish unread.
      signal?.throwIfAborted();
      if (deadline.aborted) {
        throw this.folder.problem(`scored ${start} of ${passages.length} passages within ${this.timeoutMs} ms`);
      }
      scores.push(
        ...this.relevance(await this.crossEncoder.score(query, passages.slice(start, start + this.batchSize), signal)),
      );
    }
    return scores;
  }

  /** Loads the model again from its folder in a new worker (System Services' Restart); calls under way finish on the old one. */
  reload(): Promise<void> {
    return this.crossEncoder.reload();
  }

  onModuleDestroy(): Promise<void> {
    return this.crossEncoder.close();
  }

  /**
   * Each pair's relevance: the logit of a single-label model (ms-marco cross-encoders, bge-reranker),
   * or the positive class's of a two-label one.
   */
  private relevance({ data, dims }: ModelOutput): number[] {
    const [rows = 0, labels = 0] = dims;
    if (labels !== 1 && labels !== 2) {
      throw this.folder.problem(
        `gives ${labels} logits per passage; a reranker gives one (relevance) or two (irrelevant, relevant)`,
      );
    }
    return Array.from({ length: rows }, (_, row) => data[row * labels + labels - 1]!);
  }
}
