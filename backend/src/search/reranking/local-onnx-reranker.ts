import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { LazyLocalModel, LocalModelFolder } from '../../common/local-model-folder.js';
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

interface CrossEncoder {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
  dispose(): Promise<unknown>;
}

/**
 * A cross-encoder run in-process by ONNX Runtime on the CPU, nothing downloaded: each passage is read
 * together with the query, as one (query, passage) pair, and scored by the model's relevance logit.
 */
export class LocalOnnxReranker implements Reranker {
  readonly id = 'local-onnx';
  readonly model: string;
  private readonly folder: LocalModelFolder;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly crossEncoder: LazyLocalModel<CrossEncoder>;

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
    const dtype = this.folder.weights(['fp32', 'q8']);
    this.crossEncoder = new LazyLocalModel(this.folder, async (transformers, path) => {
      const [tokenizer, model] = await Promise.all([
        transformers.AutoTokenizer.from_pretrained(path),
        transformers.AutoModelForSequenceClassification.from_pretrained(path, {
          device: 'cpu',
          dtype,
          model_file_name: 'model',
        }),
      ]);
      return { tokenizer, model, dispose: () => model.dispose() };
    });
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const { tokenizer, model } = await this.crossEncoder.loaded();
    const scores: number[] = [];
    for (let start = 0; start < passages.length; start += this.batchSize) {
      // A batch runs to its end once started: ONNX Runtime cannot be interrupted, so the signals are heeded between batches.
      // Its Node binding also runs the batch on this thread (microsoft/onnxruntime#19611): other requests go on between batches.
      signal?.throwIfAborted();
      if (deadline.aborted) {
        throw this.folder.problem(`scored ${start} of ${passages.length} passages within ${this.timeoutMs} ms`);
      }
      const batch = passages.slice(start, start + this.batchSize);
      // A pair longer than the model reads is cut at its end: the query comes first, so the passage loses its end.
      const pairs = tokenizer(
        batch.map(() => query),
        { text_pair: batch, padding: true, truncation: true },
      );
      const { logits } = (await model(pairs)) as { logits: Tensor };
      scores.push(...this.relevance(logits));
    }
    return scores;
  }

  /** Loads the model again from its folder (System Services' Restart); calls under way finish on the old one. */
  reload(): Promise<void> {
    return this.crossEncoder.reload();
  }

  /**
   * Each pair's relevance: the logit of a single-label model (ms-marco cross-encoders, bge-reranker),
   * or the positive class's of a two-label one.
   */
  private relevance(logits: Tensor): number[] {
    const [, labels] = logits.dims;
    if (labels !== 1 && labels !== 2) {
      throw this.folder.problem(
        `gives ${labels} logits per passage; a reranker gives one (relevance) or two (irrelevant, relevant)`,
      );
    }
    return (logits.tolist() as number[][]).map((row) => row[labels - 1]!);
  }
}
