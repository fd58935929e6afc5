import { z } from 'zod';
import type { Reranker } from './reranker.port.js';

export interface RerankEndpointOptions {
  /** The API root that `/rerank` is appended to, e.g. `http://localhost:8000/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** The part of the answer that matters: each passage's index in the request and its relevance. */
const rerankResponse = z.object({
  results: z.array(z.object({ index: z.number().int().nonnegative(), relevance_score: z.number() })),
});

/**
 * A cross-encoder behind an HTTP rerank endpoint in the wire format Cohere, Jina, vLLM
 * and text-embeddings-inference share: POST {model, query, documents, top_n} to
 * {baseUrl}/rerank, answered by {results: [{index, relevance_score}]}.
 */
export class RerankEndpoint implements Reranker {
  readonly id = 'rerank-endpoint';
  readonly model: string;
  private readonly endpoint: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;

  constructor(options: RerankEndpointOptions) {
    this.model = options.model;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/rerank`;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs;
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.apiKey && { authorization: `Bearer ${this.apiKey}` }),
        },
        body: JSON.stringify({ model: this.model, query, documents: passages, top_n: passages.length }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const reason = timeout.aborted ? `no answer within ${this.timeoutMs} ms` : describe(error);
      throw new Error(`Rerank endpoint ${this.endpoint} failed: ${this.redact(reason)}`, { cause: error });
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new Error(
        `Rerank endpoint ${this.endpoint} answered HTTP ${response.status}: ${this.redact(body.slice(0, 200))}`,
      );
    }
    const parsed = rerankResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new Error(`Rerank endpoint ${this.endpoint} answered without results[{index, relevance_score}]`);
    const scores = new Array<number>(passages.length).fill(Number.NaN);
    for (const { index, relevance_score } of parsed.data.results) {
      if (index < passages.length) scores[index] = relevance_score;
    }
    if (scores.some(Number.isNaN)) {
      throw new Error(
        `Rerank endpoint ${this.endpoint} scored ${parsed.data.results.length} of ${passages.length} passages`,
      );
    }
    return scores;
  }

  private redact(text: string): string {
    return this.apiKey ? text.replaceAll(this.apiKey, '[redacted]') : text;
  }
}

/** fetch hides the network error (refused, reset) in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
