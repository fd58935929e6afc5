import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, embedMany, type EmbeddingModel } from 'ai';
import { normalise, type EmbeddingProvider } from './embedding-provider.js';

export interface OpenAICompatibleEmbeddingsOptions {
  /** The API root that `/embeddings` is appended to, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  dimensions: number;
  /** Texts per HTTP request. */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 64;

/** Embeddings from any OpenAI-compatible `/embeddings` endpoint: OpenAI, Ollama, vLLM, LM Studio... */
export class OpenAICompatibleEmbeddings implements EmbeddingProvider {
  readonly id = 'openai-compatible';
  readonly model: string;
  readonly dimensions: number;
  private readonly endpoint: string;
  private readonly batchSize: number;
  private readonly apiKey: string | undefined;
  private readonly embeddingModel: EmbeddingModel;

  constructor(options: OpenAICompatibleEmbeddingsOptions) {
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1)
      throw new Error(`Embedding batch size must be a positive integer, got ${batchSize}`);
    if (!Number.isInteger(options.dimensions) || options.dimensions < 1) {
      throw new Error(`Embedding dimensions must be a positive integer, got ${options.dimensions}`);
    }
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.model = options.model;
    this.dimensions = options.dimensions;
    this.endpoint = `${baseUrl}/embeddings`;
    this.batchSize = batchSize;
    this.apiKey = options.apiKey;
    this.embeddingModel = createOpenAICompatible({
      name: this.id,
      baseURL: baseUrl,
      apiKey: options.apiKey,
    }).embeddingModel(options.model);
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    // Batches go one after another so that a large document does not flood a local server.
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      const embeddings = await this.embedBatch(batch, signal);
      embeddings.forEach((vector, offset) => vectors.push(this.checked(vector, start + offset)));
    }
    return vectors;
  }

  private async embedBatch(values: string[], signal?: AbortSignal): Promise<number[][]> {
    try {
      // The configured dimensions are not sent: most models reject a `dimensions` parameter; they are checked instead.
      const { embeddings } = await embedMany({ model: this.embeddingModel, values, abortSignal: signal });
      return embeddings;
    } catch (error) {
      if (signal?.aborted) throw error;
      throw this.describe(error);
    }
  }

  private checked(vector: number[], inputIndex: number): number[] {
    if (vector.length !== this.dimensions) {
      throw new Error(
        `Embedding endpoint ${this.endpoint} returned a vector of ${vector.length} dimensions for input ${inputIndex}, ` +
          `but model ${this.model} is configured with ${this.dimensions}`,
      );
    }
    return normalise(vector);
  }

  /** An Error naming the endpoint and HTTP status, with the API key scrubbed from anything the server echoed. */
  private describe(error: unknown): Error {
    const cause = lastAttempt(error);
    const detail = this.redact(cause instanceof Error ? cause.message : String(cause));
    if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
      return new Error(`Embedding endpoint ${this.endpoint} answered HTTP ${cause.statusCode}: ${detail}`);
    }
    return new Error(`Embedding endpoint ${this.endpoint} failed: ${detail}`);
  }

  private redact(text: string): string {
    return this.apiKey ? text.replaceAll(this.apiKey, '[redacted]') : text;
  }
}

/** The AI SDK wraps repeated failures in a RetryError (not exported) whose `lastError` is the informative one. */
function lastAttempt(error: unknown): unknown {
  return error instanceof Error && 'lastError' in error ? error.lastError : error;
}
