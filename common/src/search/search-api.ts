// The search and intelligence API (spec sections 3 and 7, issue 6), shared by the backend and the page.
import type { DocumentType } from '../documents/document-api.js';

/** keyword is BM25; semantic is vector similarity; hybrid fuses both rankings (reciprocal-rank fusion). */
export const SEARCH_TYPES = ['semantic', 'keyword', 'hybrid'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const DEFAULT_SEARCH_TYPE: SearchType = 'hybrid';
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
export const MAX_SEARCH_QUERY_LENGTH = 1000;

export interface SearchOptions {
  /** Default hybrid. */
  type?: SearchType;
  /** 1 to 100, default 20. */
  limit?: number;
  /** Only these documents. */
  documentIds?: string[];
  /** Only documents of these types. */
  fileTypes?: DocumentType[];
  /** Only documents carrying at least one of these tags. */
  tags?: string[];
  /** Drops hits scoring less: BM25 for keyword, cosine similarity for semantic, the fused score for hybrid. */
  minScore?: number;
}

/**
 * How the search API lists what it found: `document` (the default), one result per
 * document with its best passages, as people expect from document search; `passage`, one
 * result per passage (chunk), as chat retrieves them.
 */
export const SEARCH_GROUPINGS = ['document', 'passage'] as const;
export type SearchGrouping = (typeof SEARCH_GROUPINGS)[number];
export const DEFAULT_SEARCH_GROUPING: SearchGrouping = 'document';
/** A document result carries at most this many of its passages. */
export const MAX_PASSAGES_PER_DOCUMENT = 3;

export interface SearchRequestOptions extends SearchOptions {
  /** Default document; `limit` counts documents then, passages otherwise. */
  group?: SearchGrouping;
}

/** POST /api/search/rag. */
export interface SearchRequest {
  query: string;
  options?: SearchRequestOptions;
}

/** Characters [start, end) of a snippet that match a query term. */
export interface TextRange {
  start: number;
  end: number;
}

/** Where a chunk sits in its document, with the fields its document type has. */
export interface ChunkPositionView {
  /** 1-based (PDF). */
  page?: number;
  /** The headings above the text, outermost first (Markdown, DOCX). */
  headingPath?: string[];
  /** The sheet and its 1-based first and last rows (XLSX). */
  sheet?: string;
  row?: number;
  rowEnd?: number;
  /** 1-based (PPTX); notes when the text is the slide's speaker notes. */
  slide?: number;
  notes?: boolean;
}

/** A passage (chunk) a search found. */
export interface SearchPassage {
  chunkId: string;
  /** The whole chunk. */
  text: string;
  /** About 240 characters of the chunk around the first query term; '…' marks a cut. */
  snippet: string;
  /** Where the query's terms are in `snippet`, as plain ranges: the page decides how to mark them. */
  highlights: TextRange[];
  position: ChunkPositionView;
  /** The retrieval score: BM25 for keyword, cosine similarity for semantic, the fused score for hybrid. */
  score: number;
  /** Hybrid only: the hit's 1-based rank in each retriever's list, null when that retriever did not find it. */
  ranks?: { keyword: number | null; semantic: number | null };
  /** Set when a reranker ordered the results: its relevance score, by which they are sorted. */
  rerankScore?: number;
}

/**
 * One result: a passage with its document. Grouped by document (the default), the
 * passage is the document's best and `passages` holds its best ones (this one first),
 * at most MAX_PASSAGES_PER_DOCUMENT.
 */
export interface SearchHit extends SearchPassage {
  documentId: string;
  documentName: string;
  documentType: DocumentType;
  passages?: SearchPassage[];
}

export interface SearchResponse {
  success: true;
  query: string;
  type: SearchType;
  group: SearchGrouping;
  /** Documents (grouped by document) or passages, best first. */
  results: SearchHit[];
  total: number;
  /** Time spent searching, in milliseconds. */
  tookMs: number;
  /** Set when hybrid search ran keyword search alone because no embedding model is configured. */
  fallback?: 'keyword';
}

/** GET /api/search/stats: every search by every user, from SearchPerformed events. */
export interface SearchStats {
  totalSearches: number;
  byType: Record<SearchType, number>;
  /** Milliseconds per search. */
  averageResponseTime: number;
  /** Percentage of searches that succeeded; 100 before any. */
  successRate: number;
  /** ISO 8601; null before any search. */
  lastSearchAt: string | null;
}

export interface SearchStatsResponse {
  success: true;
  stats: SearchStats;
}

/** GET /api/intelligence/stats: the spec's Intelligence stats. */
export interface IntelligenceStats {
  /** Searches plus chat questions. */
  totalQueries: number;
  searchQueries: number;
  chatQueries: number;
  /** Processed documents the caller may read. */
  documentsIndexed: number;
  /** Milliseconds per query. */
  averageResponseTime: number;
  /** Percentage of queries that succeeded; 100 before any. */
  successRate: number;
}

export interface IntelligenceStatsResponse {
  success: true;
  stats: IntelligenceStats;
}

/** The search history keeps at most this many queries (spec section 9). */
export const MAX_SEARCH_HISTORY = 50;

/** GET /api/search/history: the caller's own queries, deduplicated, newest first; DELETE clears it. */
export interface SearchHistoryResponse {
  success: true;
  history: string[];
}

/** The Intelligence page asks for its stats this often (spec sections 7 and 9). */
export const INTELLIGENCE_STATS_POLL_INTERVAL_MS = 60_000;
