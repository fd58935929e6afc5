import { Inject, Injectable, Logger } from '@nestjs/common';
import { RERANKER, type Reranker } from './reranker.port.js';

/** The reranker reorders this many of the best hits retrieval found; the rest follow in their retrieval order. */
export const RERANK_DEPTH = 50;

export interface RerankFailure {
  at: Date;
  reason: string;
}

/**
 * The configured reranker, if any, applied to a search's best hits. A reranker that fails
 * never fails the search: the hits keep their retrieval order, and the failure is kept
 * for /status until a later call succeeds.
 */
@Injectable()
export class HitReranking {
  private readonly logger = new Logger(HitReranking.name);
  private failure: RerankFailure | null = null;

  constructor(@Inject(RERANKER) readonly reranker: Reranker | null) {}

  get lastFailure(): RerankFailure | null {
    return this.failure;
  }

  /**
   * The hits with the first RERANK_DEPTH in the reranker's order, each carrying its
   * `rerankScore`; the hits as they were without a reranker or when it fails.
   */
  async rerank<Hit extends { rerankScore?: number }>(
    query: string,
    hits: Hit[],
    textOf: (hit: Hit) => string,
  ): Promise<Hit[]> {
    if (!this.reranker || hits.length === 0) return hits;
    const head = hits.slice(0, RERANK_DEPTH);
    let scores: number[];
    try {
      scores = await this.reranker.score(query, head.map(textOf));
      if (scores.length !== head.length || !scores.every(Number.isFinite)) {
        throw new Error(`it returned ${scores.length} scores for ${head.length} passages`);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failure = { at: new Date(), reason };
      this.logger.warn({ err: error }, 'Reranking failed; the results keep their retrieval order');
      return hits;
    }
    this.failure = null;
    const reranked = head
      .map((hit, index) => ({ ...hit, rerankScore: scores[index]! }))
      // Stable: passages the reranker scores alike keep their retrieval order.
      .sort((a, b) => b.rerankScore - a.rerankScore);
    return [...reranked, ...hits.slice(RERANK_DEPTH)];
  }
}
