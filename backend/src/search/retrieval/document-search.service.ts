import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { DocumentType } from '@docent/common/documents';
import type { SearchHit, SearchOptions, SearchType } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { ChunkIndex, type ChunkHit, type DocumentScope } from '../../documents/indexing/chunk-index.js';
import { SEMANTIC_SEARCH_UNAVAILABLE } from '../../documents/rag-engine.probe.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../../embeddings/embedding-provider.js';
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

interface ChunkRow {
  chunk_id: string | number;
  text: string;
  position: unknown;
  document_id: string;
  document_name: string;
  document_type: DocumentType;
}

/**
 * Keyword (BM25), semantic (vector) and hybrid (fused) search over the chunks of the
 * documents the caller may read. Access and filters are part of every retrieval
 * statement, so a chunk outside them is never even scored.
 */
@Injectable()
export class DocumentSearch {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly chunkIndex: ChunkIndex,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
  ) {}

  async search(query: string, options: ResolvedSearchOptions, principal: Principal): Promise<SearchOutcome> {
    const scope: DocumentScope = {
      reader: principal,
      fileTypes: options.fileTypes,
      tags: options.tags,
    };
    const retrieve = (type: 'keyword' | 'semantic', limit: number) =>
      type === 'keyword'
        ? this.chunkIndex.keywordSearch(query, { limit, documentIds: options.documentIds, scope })
        : this.semantic(query, limit, options.documentIds, scope);

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
    return { results: await this.toHits(kept, query), ...(fallback && { fallback }) };
  }

  private async semantic(
    query: string,
    limit: number,
    documentIds: string[] | undefined,
    scope: DocumentScope,
  ): Promise<ChunkHit[]> {
    if (!this.embedder) throw new DomainError('conflict', SEMANTIC_SEARCH_UNAVAILABLE);
    const [vector] = await this.embedder.embed([query]);
    return this.chunkIndex.semanticSearch(vector!, { model: this.embedder.model, limit, documentIds, scope });
  }

  /** The chunks' text, position and document, in the order of `scored`. */
  private async toHits(scored: ScoredChunk[], query: string): Promise<SearchHit[]> {
    if (scored.length === 0) return [];
    const rows = await this.orm.em.fork().execute<ChunkRow[]>(
      `select c.id as chunk_id, c.text, c.position, d.id as document_id, d.name as document_name, d.type as document_type
       from document_chunks c join documents d on d.id = c.document_id
       where c.id in (select jsonb_array_elements_text(?::jsonb)::bigint)`,
      [JSON.stringify(scored.map((hit) => hit.chunkId))],
    );
    const byId = new Map(rows.map((row) => [String(row.chunk_id), row]));
    return scored.flatMap(({ chunkId, score, ranks }) => {
      const row = byId.get(chunkId);
      // A chunk replaced by reprocessing between the two statements is no longer there to show.
      if (!row) return [];
      return [
        {
          documentId: row.document_id,
          documentName: row.document_name,
          documentType: row.document_type,
          chunkId,
          text: row.text,
          ...snippetOf(row.text, query),
          position: (typeof row.position === 'string'
            ? JSON.parse(row.position)
            : row.position) as SearchHit['position'],
          score,
          ...(ranks && { ranks }),
        },
      ];
    });
  }
}

const chunkIdsOf = (hits: ChunkHit[]) => hits.map((hit) => hit.chunkId);
