import { Inject, Injectable } from '@nestjs/common';
import type { SearchHit, SearchOptions, SearchType } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { READABLE_DOCUMENTS, type ReadableDocuments } from '../../documents/readable-documents.port.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../../embeddings/embedding-provider.js';
import { ChunkIndex, type ChunkHit, type DocumentsWithin } from '../index/chunk-index.js';
import { SEMANTIC_SEARCH_UNAVAILABLE } from '../rag-engine.probe.js';
import { fuseRankings } from './reciprocal-rank-fusion.js';
import { snippetOf } from './snippet.js';

/** Hybrid search fuses this many times the requested number of hits from each retriever, so fusion can reorder them. */
const HYBRID_CANDIDATES_PER_RESULT = 4;

export type ResolvedSearchOptions = SearchOptions & { type: SearchType; limit: number };

export interface SearchOutcome {
  results: SearchHit[];
  /** Hybrid ran keyword search alone: no embedding model is configured. */
  fallback?: 'keyword';
}

interface ScoredChunk {
  chunkId: string;
  score: number;
  ranks?: SearchHit['ranks'];
}

/**
 * Keyword (BM25), semantic (vector) and hybrid (fused) search over the chunks of the
 * documents the caller may read. Access and filters are part of every retrieval
 * statement (the documents feature's ReadableDocuments relation, joined), so a chunk
 * outside them is never even scored. Chat retrieves its passages through `search` too.
 */
@Injectable()
export class DocumentSearch {
  constructor(
    private readonly chunkIndex: ChunkIndex,
    @Inject(READABLE_DOCUMENTS) private readonly documents: ReadableDocuments,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
  ) {}

  async search(query: string, options: ResolvedSearchOptions, principal: Principal): Promise<SearchOutcome> {
    const within: DocumentsWithin = (bind) =>
      this.documents.relation({ reader: principal, fileTypes: options.fileTypes, tags: options.tags }, bind);
    const retrieve = (type: 'keyword' | 'semantic', limit: number) =>
      type === 'keyword'
        ? this.chunkIndex.keywordSearch(query, { limit, documentIds: options.documentIds, within })
        : this.semantic(query, limit, options.documentIds, within);

    let scored: ScoredChunk[];
    let fallback: SearchOutcome['fallback'];
    if (options.type === 'hybrid' && this.embedder) {
      const candidates = options.limit * HYBRID_CANDIDATES_PER_RESULT;
      const keyword = await retrieve('keyword', candidates);
      const semantic = await retrieve('semantic', candidates);
      scored = fuseRankings(chunkIdsOf(keyword), chunkIdsOf(semantic));
    } else if (options.type === 'hybrid') {
      scored = await retrieve('keyword', options.limit);
      fallback = 'keyword';
    } else {
      scored = await retrieve(options.type, options.limit);
    }
    const kept = scored
      .filter((hit) => options.minScore === undefined || hit.score >= options.minScore)
      .slice(0, options.limit);
    return { results: await this.toHits(kept, query, within), ...(fallback && { fallback }) };
  }

  private async semantic(
    query: string,
    limit: number,
    documentIds: string[] | undefined,
    within: DocumentsWithin,
  ): Promise<ChunkHit[]> {
    if (!this.embedder) throw new DomainError('conflict', SEMANTIC_SEARCH_UNAVAILABLE);
    const [vector] = await this.embedder.embed([query]);
    return this.chunkIndex.semanticSearch(vector!, { model: this.embedder.model, limit, documentIds, within });
  }

  /** The chunks' text, position and document, in the order of `scored`. */
  private async toHits(scored: ScoredChunk[], query: string, within: DocumentsWithin): Promise<SearchHit[]> {
    const chunks = await this.chunkIndex.chunksWithDocuments(
      scored.map((hit) => hit.chunkId),
      within,
    );
    const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]));
    return scored.flatMap(({ chunkId, score, ranks }) => {
      const chunk = byId.get(chunkId);
      // A chunk replaced by reprocessing between the two statements is no longer there to show.
      if (!chunk) return [];
      return [
        {
          documentId: chunk.documentId,
          documentName: chunk.documentName,
          documentType: chunk.documentType,
          chunkId,
          text: chunk.text,
          ...snippetOf(chunk.text, query),
          position: chunk.position,
          score,
          ...(ranks && { ranks }),
        },
      ];
    });
  }
}

const chunkIdsOf = (hits: ChunkHit[]) => hits.map((hit) => hit.chunkId);
