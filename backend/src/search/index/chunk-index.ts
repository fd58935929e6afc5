import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';
import type { DocumentType } from '@docent/common/documents';
import type { ChunkPositionView } from '@docent/common/search';
import type { IndexableChunk } from './chunk-index-writer.port.js';
import { indexedText, KEYWORD_TOKENIZER, postingsOf, queryTermHashes, type ChunkPostings } from './postings.js';
import { tokenize } from './tokenize.js';

/** Rows per statement: keeps each statement's JSON parameter to a few megabytes. */
const INSERT_BATCH = 2_000;

/**
 * BM25's term-frequency saturation and length normalisation, chosen on the tune half of
 * SciFact's development queries (Lucene's defaults are 1.2 and 0.75): chunks are short and
 * alike in length, so normalising less for length ranks better (see README).
 */
export const BM25_K1 = 1.0;
export const BM25_B = 0.4;

export interface ChunkEmbeddings {
  model: string;
  dimensions: number;
  /** One per chunk, in chunk order. */
  vectors: number[][];
}

/** A chunk a search found, with its score (BM25 for keyword search, cosine similarity for semantic). */
export interface ChunkHit {
  chunkId: string;
  documentId: string;
  score: number;
}

/**
 * The documents a search may return chunks of, as an SQL relation with the columns id,
 * name and type (the documents feature's ReadableDocuments.relation for the reader).
 */
export type DocumentsWithin = (bind: (value: unknown) => string) => string;

export interface StoredChunk {
  id: string;
  ordinal: number;
  text: string;
  /** The contextual header indexed with the text (IndexableChunk.header). */
  header: string;
  position: ChunkPositionView;
}

/** A chunk with the document it belongs to, to show as a search hit. */
export interface ChunkWithDocument extends Omit<StoredChunk, 'header'> {
  documentId: string;
  documentName: string;
  documentType: DocumentType;
}

/** Chunks the first round of a keyword search scores, about, per hit asked for. */
const SEED_CHUNKS_PER_HIT = 10;
/** How much further each extra round reads when the chunks read held fewer hits than asked for. */
const SEED_GROWTH = 4;
/** Slack for rounding in the score sums: a bound is kept only if it is clearly below θ. */
const BOUND_SLACK = 1e-9;

/** A query term in the index: its document frequency, IDF, and the most it adds to a chunk's score. */
interface WeightedTerm {
  /** The term's key, as Postgres returns a bigint. */
  term: string;
  chunks: number;
  idf: number;
  bound: number;
}

/** How many of the terms (rarest first) hold together at least `chunks` chunks, counting repeats; at least one. */
function termsHoldingChunks(terms: WeightedTerm[], chunks: number): number {
  let held = 0;
  for (const [index, term] of terms.entries()) {
    held += term.chunks;
    if (held >= chunks) return index + 1;
  }
  return terms.length;
}

function chunksHolding(terms: WeightedTerm[], count: number): number {
  return terms.slice(0, count).reduce((sum, term) => sum + term.chunks, 0);
}

/**
 * How many of the terms (rarest first) a chunk must hold one of to score `threshold` or
 * more: the rest, the most common, add up to less than it even at their bounds.
 */
function termsNeeded(terms: WeightedTerm[], threshold: number): number {
  let rest = 0;
  for (let count = terms.length; count > 0; count--) {
    rest += terms[count - 1]!.bound;
    if (rest * (1 + BOUND_SLACK) >= threshold) return count;
  }
  return 0;
}

/** Postgres array literals of a chunk's postings, as the insert and update statements read them. */
function postingsColumns(chunk: ChunkPostings): {
  term_hashes: string;
  term_freqs: string;
} {
  return { term_hashes: `{${chunk.termHashes.join(',')}}`, term_freqs: `{${chunk.termFreqs.join(',')}}` };
}

/**
 * The chunks table and its two indexes: BM25 postings (each chunk's term keys and
 * counts under a GIN index) for keyword search, and the pgvector column for semantic
 * search; with the corpus statistics (search_corpus, search_term_stats) BM25 reads.
 * Every write replaces a document's chunks as a whole in one transaction, so a retried
 * or repeated write never duplicates one.
 */
@Injectable()
export class ChunkIndex {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async replaceChunks(documentId: string, chunks: IndexableChunk[], embeddings: ChunkEmbeddings | null): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await this.deleteChunks(em, documentId);
      await this.insertChunks(em, documentId, chunks, embeddings);
    });
  }

  async removeDocument(documentId: string): Promise<void> {
    await this.orm.em.fork().transactional((em) => this.deleteChunks(em, documentId));
  }

  async indexedDocumentIds(): Promise<string[]> {
    const rows = await this.orm.em
      .fork()
      .execute<{ document_id: string }[]>('select distinct document_id from document_chunks');
    return rows.map((row) => row.document_id);
  }

  async chunkCount(): Promise<number> {
    const [corpus] = await this.orm.em
      .fork()
      .execute<{ chunk_count: string | number }[]>('select chunk_count from search_corpus');
    return Number(corpus?.chunk_count ?? 0);
  }

  async chunksOf(documentId: string): Promise<StoredChunk[]> {
    const rows = await this.orm.em
      .fork()
      .execute<{ id: string | number; ordinal: number; text: string; header: string; position: unknown }[]>(
        'select id, ordinal, text, header, position from document_chunks where document_id = ? order by ordinal',
        [documentId],
      );
    return rows.map((row) => ({
      id: String(row.id),
      ordinal: row.ordinal,
      text: row.text,
      header: row.header,
      position: parsePosition(row.position),
    }));
  }

  /**
   * The chunks with their documents' names and types, in no particular order, among the
   * documents `within` allows; a chunk replaced or a document gone since it was found is missing.
   */
  async chunksWithDocuments(chunkIds: string[], within: DocumentsWithin): Promise<ChunkWithDocument[]> {
    if (chunkIds.length === 0) return [];
    const parameters: unknown[] = [JSON.stringify(chunkIds)];
    const { rows } = await bulk<{
      chunk_id: string | number;
      ordinal: number;
      text: string;
      position: unknown;
      document_id: string;
      document_name: string;
      document_type: DocumentType;
    }>(
      this.orm.em.fork(),
      `select c.id as chunk_id, c.ordinal, c.text, c.position, d.id as document_id, d.name as document_name, d.type as document_type
       from document_chunks c join ${within((value) => bind(parameters, value))} d on d.id = c.document_id
       where c.id in (select jsonb_array_elements_text($1::jsonb)::bigint)`,
      parameters,
    );
    return rows.map((row) => ({
      id: String(row.chunk_id),
      ordinal: row.ordinal,
      text: row.text,
      position: parsePosition(row.position),
      documentId: row.document_id,
      documentName: row.document_name,
      documentType: row.document_type,
    }));
  }

  /** Replaces the embeddings of a document's chunks (null removes them), for a model change. */
  async replaceEmbeddings(documentId: string, embeddings: ChunkEmbeddings | null): Promise<void> {
    const chunks = await this.chunksOf(documentId);
    await this.orm.em.fork().transactional(async (em) => {
      if (!embeddings) {
        await em.execute(
          'update document_chunks set embedding = null, embedding_dimensions = null, embedding_model = null where document_id = ?',
          [documentId],
        );
        return;
      }
      for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
        const rows = chunks.slice(from, from + INSERT_BATCH).map((chunk, offset) => ({
          id: chunk.id,
          embedding: toVectorLiteral(embeddings.vectors[from + offset]!),
        }));
        await bulk(
          em,
          `update document_chunks c set embedding = x.embedding::vector, embedding_dimensions = $1, embedding_model = $2
           from jsonb_to_recordset($3::jsonb) as x(id bigint, embedding text) where c.id = x.id`,
          [embeddings.dimensions, embeddings.model, JSON.stringify(rows)],
        );
      }
    });
  }

  /** Whether the keyword index was built with this server's tokenizer; if not, keyword search misreads it until `npm run reindex`. */
  async tokenizerIsCurrent(): Promise<boolean> {
    const [corpus] = await this.orm.em
      .fork()
      .execute<{ tokenizer: string | null; chunk_count: string | number }[]>(
        'select tokenizer, chunk_count from search_corpus',
      );
    return corpus?.tokenizer === KEYWORD_TOKENIZER || Number(corpus?.chunk_count ?? 0) === 0;
  }

  /** After every document's postings were rebuilt: the index is now this tokenizer's. */
  async recordTokenizer(): Promise<void> {
    await this.orm.em.fork().execute('update search_corpus set tokenizer = ?', [KEYWORD_TOKENIZER]);
  }

  /**
   * Rebuilds a document's keyword postings and term counts from its stored chunks, after
   * the tokenizer changed, with the corpus statistics kept in step; each chunk gets the
   * header `headerOf` gives for its position.
   */
  async reindexTerms(documentId: string, headerOf: (position: ChunkPositionView) => string): Promise<void> {
    const chunks = (await this.chunksOf(documentId)).map((chunk) => ({ ...chunk, header: headerOf(chunk.position) }));
    await this.orm.em.fork().transactional(async (em) => {
      await countTerms(em, documentId, -1);
      await em.execute(
        'update search_corpus set token_count = token_count - (select coalesce(sum(token_count), 0) from document_chunks where document_id = ?)',
        [documentId],
      );
      for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
        const rows = chunks.slice(from, from + INSERT_BATCH).map((chunk) => ({
          id: chunk.id,
          header: chunk.header,
          token_count: tokenize(indexedText(chunk)).length,
          ...postingsColumns(postingsOf(indexedText(chunk))),
        }));
        await bulk(
          em,
          `update document_chunks c set header = x.header, term_hashes = x.term_hashes::bigint[], term_freqs = x.term_freqs::int[], token_count = x.token_count
           from jsonb_to_recordset($1::jsonb) as x(id bigint, header text, token_count int, term_hashes text, term_freqs text) where c.id = x.id`,
          [JSON.stringify(rows)],
        );
      }
      await em.execute(
        'update search_corpus set token_count = token_count + (select coalesce(sum(token_count), 0) from document_chunks where document_id = ?)',
        [documentId],
      );
      await countTerms(em, documentId, 1);
    });
  }

  /** Creates the HNSW index for vectors of this many dimensions, once. */
  async ensureVectorIndex(dimensions: number): Promise<void> {
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
      throw new Error(`Embedding dimensions must be an integer from 1 to 16000, not ${dimensions}`);
    }
    await this.orm.em.fork().execute(
      `create index if not exists document_chunks_embedding_hnsw_${dimensions} on document_chunks
       using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) where embedding_dimensions = ${dimensions}`,
    );
  }

  /**
   * Okapi BM25 over chunks: for each query term t in chunk c,
   * idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * |c| / avg|c|)),
   * with idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5)), summed over the query's distinct terms.
   * N, df and avg|c| are over the whole index, so a chunk scores the same whoever searches.
   * With `within`, the statement itself joins the documents and keeps only the chunks of
   * those; without it, it reads every chunk, for callers that act for no user (tests).
   *
   * Exact top-k with MaxScore pruning: a term adds less than idf * (k1 + 1) to any chunk's
   * score, so once `limit` chunks score at least θ, a chunk holding only common terms whose
   * bounds sum to less than θ cannot enter the top-k and is never scored. The first round
   * scores the chunks holding the rarest terms; a second, with the terms θ says are needed,
   * only when those do not suffice. The common terms still count towards every scored chunk.
   */
  async keywordSearch(
    query: string,
    options: { limit: number; documentIds?: string[]; within?: DocumentsWithin },
  ): Promise<ChunkHit[]> {
    const hashes = queryTermHashes(query);
    if (hashes.length === 0 || options.limit < 1) return [];
    const em = this.orm.em.fork();
    const { terms, averageLength } = await this.weighTerms(em, hashes);
    if (terms.length === 0) return [];
    let essential = termsHoldingChunks(terms, options.limit * SEED_CHUNKS_PER_HIT);
    for (;;) {
      const hits = await this.scoreChunks(em, terms, essential, averageLength, options);
      if (essential === terms.length) return hits;
      if (hits.length < options.limit) {
        // Fewer chunks than asked for (a narrow scope): no bound yet, so read more terms' chunks.
        essential = termsHoldingChunks(terms, chunksHolding(terms, essential) * SEED_GROWTH);
        continue;
      }
      const needed = termsNeeded(terms, hits[options.limit - 1]!.score);
      if (needed <= essential) return hits;
      essential = needed;
    }
  }

  /** The query's terms found in the index with their IDF and bound, rarest first, and the average chunk length. */
  private async weighTerms(
    em: EntityManager,
    hashes: number[],
  ): Promise<{ terms: WeightedTerm[]; averageLength: number }> {
    const { rows } = await bulk<{
      term: string | number;
      chunk_count: number;
      total_chunks: string | number;
      total_tokens: string | number;
    }>(
      em,
      `select s.term, s.chunk_count, corpus.chunk_count as total_chunks, corpus.token_count as total_tokens
       from search_term_stats s cross join search_corpus corpus
       where s.term = any($1::bigint[]) and s.chunk_count > 0`,
      [`{${hashes.join(',')}}`],
    );
    if (rows.length === 0) return { terms: [], averageLength: 1 };
    const chunks = Math.max(Number(rows[0]!.total_chunks), 1);
    const averageLength = Math.max(Number(rows[0]!.total_tokens) / chunks, 1);
    const terms = rows
      .map((row) => {
        const idf = Math.log(1 + (chunks - row.chunk_count + 0.5) / (row.chunk_count + 0.5));
        return { term: String(row.term), chunks: row.chunk_count, idf, bound: idf * (BM25_K1 + 1) };
      })
      .sort((a, b) => a.chunks - b.chunks || (a.term < b.term ? -1 : 1));
    return { terms, averageLength };
  }

  /**
   * The top chunks by their full BM25 score (every query term counts) among those holding
   * one of the first `essential` terms, inside the scope. `tf * (k1 + 1) / (tf + norm)` is
   * written `(k1 + 1) * (1 - norm / (tf + norm))`, so each term's count is read once.
   */
  private async scoreChunks(
    em: EntityManager,
    terms: WeightedTerm[],
    essential: number,
    averageLength: number,
    options: { limit: number; documentIds?: string[]; within?: DocumentsWithin },
  ): Promise<ChunkHit[]> {
    const parameters: unknown[] = [
      `{${terms
        .slice(0, essential)
        .map((term) => term.term)
        .join(',')}}`,
      options.limit,
    ];
    const norm = `(${bind(parameters, BM25_K1 * (1 - BM25_B))}::float8 + ${bind(parameters, (BM25_K1 * BM25_B) / averageLength)}::float8 * c.token_count)`;
    const contributions = terms.map((term) => {
      const weight = bind(parameters, term.idf * (BM25_K1 + 1));
      const key = `${bind(parameters, term.term)}::bigint`;
      // The chunk's keys are sorted: width_bucket is a binary search for the term's place.
      const place = `width_bucket(${key}, c.term_hashes)`;
      return `case when c.term_hashes[${place}] = ${key} then ${weight}::float8 * (1 - ${norm} / (c.term_freqs[${place}] + ${norm})) else 0 end`;
    });
    const documentFilter = options.documentIds
      ? `and c.document_id = any(${bind(parameters, `{${options.documentIds.join(',')}}`)}::uuid[])`
      : '';
    const scopeJoin = options.within
      ? `join ${options.within((value) => bind(parameters, value))} d on d.id = c.document_id`
      : '';
    // Materialized: PGlite never analyzes on its own, and with stale statistics the planner
    // looped over the documents and repeated the index scan for each (seconds at 100,000 chunks).
    const { rows } = await bulk<{ chunk_id: string | number; document_id: string; score: number }>(
      em,
      `with candidates as materialized (
         select c.id, c.document_id, ${contributions.join(' + ')} as score
         from document_chunks c
         where c.term_hashes && $1::bigint[] ${documentFilter}
       )
       select c.id as chunk_id, c.document_id, c.score
       from candidates c
       ${scopeJoin}
       order by c.score desc, c.id
       limit $2`,
      parameters,
    );
    return rows.map((row) => ({
      chunkId: String(row.chunk_id),
      documentId: row.document_id,
      score: Number(row.score),
    }));
  }

  /**
   * The chunks nearest the query vector by cosine distance, among those embedded by this
   * model, of the documents `within` allows. The vector is cast exactly as the partial HNSW
   * index for its dimensions is built, so the index serves the search; the iterative scan
   * keeps reading the index until enough chunks pass the scope, where a plain scan would
   * stop at its first candidates.
   * Score is cosine similarity.
   */
  async semanticSearch(
    vector: number[],
    options: { model: string; limit: number; documentIds?: string[]; within: DocumentsWithin },
  ): Promise<ChunkHit[]> {
    const dimensions = vector.length;
    const parameters: unknown[] = [toVectorLiteral(vector), options.model, options.limit];
    const documentFilter = options.documentIds
      ? `and c.document_id = any(${bind(parameters, `{${options.documentIds.join(',')}}`)}::uuid[])`
      : '';
    const distance = `c.embedding::vector(${dimensions}) <=> $1::vector(${dimensions})`;
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute('set local hnsw.iterative_scan = strict_order');
      const { rows } = await bulk<{ chunk_id: string | number; document_id: string; distance: number }>(
        em,
        `select c.id as chunk_id, c.document_id, ${distance} as distance
         from document_chunks c
         join ${options.within((value) => bind(parameters, value))} d on d.id = c.document_id
         where c.embedding_dimensions = ${dimensions} and c.embedding_model = $2 ${documentFilter}
         order by ${distance}
         limit $3`,
        parameters,
      );
      return rows.map((row) => ({
        chunkId: String(row.chunk_id),
        documentId: row.document_id,
        score: 1 - Number(row.distance),
      }));
    });
  }

  private async insertChunks(
    em: EntityManager,
    documentId: string,
    chunks: IndexableChunk[],
    embeddings: ChunkEmbeddings | null,
  ): Promise<void> {
    for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
      const rows = chunks.slice(from, from + INSERT_BATCH).map((chunk) => ({
        ordinal: chunk.index,
        text: chunk.text,
        header: chunk.header,
        position: chunk.position,
        start_offset: chunk.start,
        end_offset: chunk.end,
        token_count: chunk.tokenCount,
        embedding: embeddings ? toVectorLiteral(embeddings.vectors[chunk.index]!) : null,
        ...postingsColumns(chunk),
      }));
      await bulk(
        em,
        `insert into document_chunks
           (document_id, ordinal, text, header, position, start_offset, end_offset, token_count,
            embedding, embedding_dimensions, embedding_model, term_hashes, term_freqs)
         select $1, x.ordinal, x.text, x.header, x.position, x.start_offset, x.end_offset, x.token_count,
                x.embedding::vector, $2, $3, x.term_hashes::bigint[], x.term_freqs::int[]
         from jsonb_to_recordset($4::jsonb) as x(ordinal int, text text, header text, position jsonb, start_offset int, end_offset int,
                                                 token_count int, embedding text, term_hashes text, term_freqs text)`,
        [documentId, embeddings?.dimensions ?? null, embeddings?.model ?? null, JSON.stringify(rows)],
      );
    }
    const tokens = chunks.reduce((sum, chunk) => sum + chunk.tokenCount, 0);
    await em.execute('update search_corpus set chunk_count = chunk_count + ?, token_count = token_count + ?', [
      chunks.length,
      tokens,
    ]);
    await countTerms(em, documentId, 1);
  }

  private async deleteChunks(em: EntityManager, documentId: string): Promise<void> {
    await countTerms(em, documentId, -1);
    await em.execute(
      `update search_corpus set
         chunk_count = chunk_count - (select count(*) from document_chunks where document_id = ?),
         token_count = token_count - (select coalesce(sum(token_count), 0) from document_chunks where document_id = ?)`,
      [documentId, documentId],
    );
    await em.execute('delete from document_chunks where document_id = ?', [documentId]);
  }
}

/**
 * Adds (`sign` 1) or removes (-1) a document's chunks in the per-term chunk counts that
 * keyword search reads as document frequencies; a term no chunk holds any more is dropped.
 * Terms are written in key order, so concurrent writers on PostgreSQL lock them in the
 * same order and cannot deadlock.
 */
async function countTerms(em: EntityManager, documentId: string, sign: 1 | -1): Promise<void> {
  await bulk(
    em,
    `insert into search_term_stats (term, chunk_count)
     select term, $2 * count(*)::int from document_chunks c, unnest(c.term_hashes) as term
     where c.document_id = $1 group by term order by term
     on conflict (term) do update set chunk_count = search_term_stats.chunk_count + excluded.chunk_count`,
    [documentId, sign],
  );
  if (sign < 0) {
    await bulk(
      em,
      `delete from search_term_stats s where s.chunk_count <= 0
       and s.term in (select unnest(c.term_hashes) from document_chunks c where c.document_id = $1)`,
      [documentId],
    );
  }
}

/**
 * Runs a statement with its parameters bound by the database rather than spliced into
 * the SQL text as em.execute does: for megabytes of chunk text, quoting and parsing the
 * spliced text took a third of the indexing time. `$n` placeholders; joins the
 * entity manager's transaction.
 */
async function bulk<Row>(em: EntityManager, sql: string, parameters: unknown[]): Promise<{ rows: Row[] }> {
  return em.getKysely().executeQuery<Row>(CompiledQuery.raw(sql, parameters));
}

/** Adds a parameter to a `$n` statement and returns its placeholder. */
function bind(parameters: unknown[], value: unknown): string {
  parameters.push(value);
  return `$${parameters.length}`;
}

function parsePosition(position: unknown): ChunkPositionView {
  return (typeof position === 'string' ? JSON.parse(position) : position) as ChunkPositionView;
}

/** pgvector's text form; float32 precision is all the column keeps. */
function toVectorLiteral(vector: number[]): string {
  return `[${vector.join(',')}]`;
}
