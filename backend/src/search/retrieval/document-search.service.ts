import { Inject, Injectable } from '@nestjs/common';
import {
  MAX_PASSAGES_PER_DOCUMENT,
  MAX_SEARCH_LIMIT,
  type SearchHit,
  type SearchOptions,
  type SearchPassage,
  type SearchType,
} from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { READABLE_DOCUMENTS, type ReadableDocuments } from '../../documents/readable-documents.port.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../../embeddings/embedding-provider.js';
import { ChunkIndex, type ChunkHit, type ChunkWithDocument, type DocumentsWithin } from '../index/chunk-index.js';
import { SEMANTIC_SEARCH_UNAVAILABLE } from '../rag-engine.probe.js';
import { HitReranking, RERANK_DEPTH } from '../reranking/hit-reranking.js';
import { fuseRankings } from './reciprocal-rank-fusion.js';
import { snippetOf } from './snippet.js';

/** Hybrid search fuses this many times the requested number of hits from each retriever, so fusion can reorder them. */
const HYBRID_CANDIDATES_PER_RESULT = 4;
/** Grouped by document, a search first reads this many passages per document asked for... */
const PASSAGES_READ_PER_DOCUMENT = MAX_PASSAGES_PER_DOCUMENT;
/** ...and this many times more while they hold fewer documents than asked for and more passages may match... */
const PASSAGE_READ_GROWTH = 4;
/** ...up to this many passages: a few long documents matching everywhere cannot make it read the whole index. */
const MAX_PASSAGES_READ = MAX_SEARCH_LIMIT * PASSAGES_READ_PER_DOCUMENT * PASSAGE_READ_GROWTH;

export type ResolvedSearchOptions = SearchOptions & { type: SearchType; limit: number };

export interface SearchOutcome {
  results: SearchHit[];
  /** Hybrid ran keyword search alone: no embedding model is configured. */
  fallback?: 'keyword';
}

interface ScoredChunk {
  chunkId: string;
  documentId: string;
  score: number;
  ranks?: SearchHit['ranks'];
}

/** The retrieved chunks, best first, whether the retrievers had no more to give, and any fallback. */
interface Retrieval {
  scored: ScoredChunk[];
  exhausted: boolean;
  fallback?: 'keyword';
}

/** A retrieved chunk with its stored text and document, and the reranker's score once reranked. */
type RankedChunk = ScoredChunk & { chunk: ChunkWithDocument; rerankScore?: number };

/**
 * Keyword (BM25), semantic (vector) and hybrid (fused) search over the chunks of the
 * documents the caller may read, the best hits reordered by the reranker when one is
 * configured. Access and filters are part of every retrieval statement (the documents
 * feature's ReadableDocuments relation, joined), so a chunk outside them is never even
 * scored. `searchPassages` lists passages, as chat retrieves them; `searchDocuments`
 * lists documents with their best passages, as the search page shows them.
 */
@Injectable()
export class DocumentSearch {
  constructor(
    private readonly chunkIndex: ChunkIndex,
    @Inject(READABLE_DOCUMENTS) private readonly documents: ReadableDocuments,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
    private readonly reranking: HitReranking,
  ) {}

  /** The best `limit` passages. */
  async searchPassages(query: string, options: ResolvedSearchOptions, principal: Principal): Promise<SearchOutcome> {
    const within = this.withinFor(options, principal);
    const read = this.reranking.reranker ? Math.max(options.limit, RERANK_DEPTH) : options.limit;
    const { scored, fallback } = await this.retrieve(query, options, within, read);
    const ranked = await this.withTexts(query, aboveMinScore(scored, options, read), within);
    return {
      results: ranked.slice(0, options.limit).map((hit) => toSearchHit(hit, query)),
      ...(fallback && { fallback }),
    };
  }

  /**
   * The best `limit` documents, ranked by their best passage, each with its best passages
   * (at most MAX_PASSAGES_PER_DOCUMENT, best first). Passages are read in growing rounds
   * until they hold `limit` documents or no more match. Without a reranker only the
   * passages shown are read from the chunks (on the search benchmark's corpus a first
   * round's 60 span 52–60 documents, of which 20 are shown); a reranker reorders all it is
   * given, so then all are read.
   */
  async searchDocuments(query: string, options: ResolvedSearchOptions, principal: Principal): Promise<SearchOutcome> {
    const within = this.withinFor(options, principal);
    let read = options.limit * PASSAGES_READ_PER_DOCUMENT;
    if (this.reranking.reranker) read = Math.max(read, RERANK_DEPTH);
    for (;;) {
      const { scored, exhausted, fallback } = await this.retrieve(query, options, within, read);
      const kept = aboveMinScore(scored, options, read);
      const groups = groupByDocument(kept);
      if (groups.length >= options.limit || exhausted || read >= MAX_PASSAGES_READ) {
        const shown = this.reranking.reranker ? kept : groups.slice(0, options.limit).flat();
        return {
          results: groupByDocument(await this.withTexts(query, shown, within))
            .slice(0, options.limit)
            .map((group) => {
              const hits = group.map((hit) => toSearchHit(hit, query));
              return { ...hits[0]!, passages: hits.map(toPassage) };
            }),
          ...(fallback && { fallback }),
        };
      }
      read = Math.min(read * PASSAGE_READ_GROWTH, MAX_PASSAGES_READ);
    }
  }

  private withinFor(options: ResolvedSearchOptions, principal: Principal): DocumentsWithin {
    return (bind) =>
      this.documents.relation({ reader: principal, fileTypes: options.fileTypes, tags: options.tags }, bind);
  }

  /** The hits with their stored texts and documents, in the reranker's order if there is one. */
  private async withTexts(query: string, hits: ScoredChunk[], within: DocumentsWithin): Promise<RankedChunk[]> {
    const chunks = new Map((await this.chunkIndex.chunksWithDocuments(hits, within)).map((chunk) => [chunk.id, chunk]));
    // A chunk replaced by reprocessing between the two statements is no longer there to show.
    const found: RankedChunk[] = hits.flatMap((hit) => {
      const chunk = chunks.get(hit.chunkId);
      return chunk ? [{ ...hit, chunk }] : [];
    });
    return this.reranking.rerank(query, found, (hit) => hit.chunk.text);
  }

  private async retrieve(
    query: string,
    options: ResolvedSearchOptions,
    within: DocumentsWithin,
    count: number,
  ): Promise<Retrieval> {
    const retrieve = (type: 'keyword' | 'semantic', limit: number) =>
      type === 'keyword'
        ? this.chunkIndex.keywordSearch(query, { limit, documentIds: options.documentIds, within })
        : this.semantic(query, limit, options.documentIds, within);

    if (options.type === 'hybrid' && this.embedder) {
      const candidates = count * HYBRID_CANDIDATES_PER_RESULT;
      const keyword = await retrieve('keyword', candidates);
      const semantic = await retrieve('semantic', candidates);
      const documentOf = new Map([...keyword, ...semantic].map((hit) => [hit.chunkId, hit.documentId]));
      return {
        scored: fuseRankings(chunkIdsOf(keyword), chunkIdsOf(semantic)).map((hit) => ({
          ...hit,
          documentId: documentOf.get(hit.chunkId)!,
        })),
        exhausted: keyword.length < candidates && semantic.length < candidates,
      };
    }
    const type = options.type === 'hybrid' ? 'keyword' : options.type;
    const scored = await retrieve(type, count);
    return {
      scored,
      exhausted: scored.length < count,
      ...(options.type === 'hybrid' && { fallback: 'keyword' as const }),
    };
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
}

/** The best `count` hits scoring at least minScore. */
function aboveMinScore(scored: ScoredChunk[], options: ResolvedSearchOptions, count: number): ScoredChunk[] {
  return scored.filter((hit) => options.minScore === undefined || hit.score >= options.minScore).slice(0, count);
}

/** The hits of each document, in the order of each document's best, at most MAX_PASSAGES_PER_DOCUMENT each. */
function groupByDocument<Hit extends { documentId: string }>(ranked: Hit[]): Hit[][] {
  const groups = new Map<string, Hit[]>();
  for (const hit of ranked) {
    const group = groups.get(hit.documentId);
    if (!group) groups.set(hit.documentId, [hit]);
    else if (group.length < MAX_PASSAGES_PER_DOCUMENT) group.push(hit);
  }
  return [...groups.values()];
}

function toSearchHit({ chunkId, score, ranks, rerankScore, chunk }: RankedChunk, query: string): SearchHit {
  return {
    documentId: chunk.documentId,
    documentName: chunk.documentName,
    documentType: chunk.documentType,
    chunkId,
    text: chunk.text,
    ...snippetOf(chunk.text, query),
    position: chunk.position,
    score,
    ...(ranks && { ranks }),
    ...(rerankScore !== undefined && { rerankScore }),
  };
}

function toPassage({
  chunkId,
  text,
  snippet,
  highlights,
  position,
  score,
  ranks,
  rerankScore,
}: SearchHit): SearchPassage {
  return {
    chunkId,
    text,
    snippet,
    highlights,
    position,
    score,
    ...(ranks && { ranks }),
    ...(rerankScore !== undefined && { rerankScore }),
  };
}

const chunkIdsOf = (hits: ChunkHit[]) => hits.map((hit) => hit.chunkId);
