import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import type { Chunk, ChunkPosition } from '../chunking/chunk-document.js';
import { tokenize } from '../chunking/tokenize.js';

/** Longer "words" are encoded data or noise, never something a person searches for. */
const MAX_TERM_LENGTH = 100;
/** Rows per statement: keeps each statement's JSON parameter to a few megabytes. */
const INSERT_BATCH = 5_000;

/** BM25's usual parameters (Lucene's defaults). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export interface ChunkEmbeddings {
  model: string;
  dimensions: number;
  /** One per chunk, in chunk order. */
  vectors: number[][];
}

export interface KeywordHit {
  chunkId: string;
  documentId: string;
  score: number;
}

export interface StoredChunk {
  id: string;
  ordinal: number;
  text: string;
  position: ChunkPosition;
}

/** The terms of a text as keyword search indexes them, with their counts. */
export function termFrequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) {
    if (term.length > MAX_TERM_LENGTH) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

/** A query's distinct indexable terms. */
export function queryTerms(query: string): string[] {
  return [...termFrequencies(query).keys()];
}

/**
 * The chunks table and its two indexes: BM25 postings for keyword search and the
 * pgvector column for semantic search. Every write replaces a document's chunks as
 * a whole in one transaction, so a retried or repeated write never duplicates one.
 */
@Injectable()
export class ChunkIndex {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async replaceDocument(documentId: string, text: string, chunks: Chunk[], embeddings: ChunkEmbeddings | null): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await this.deleteChunks(em, documentId);
      await em.execute(
        `insert into document_texts (document_id, text) values (?, ?)
         on conflict (document_id) do update set text = excluded.text`,
        [documentId, text],
      );
      const ids = await this.insertChunks(em, documentId, chunks, embeddings);
      await this.indexTerms(em, chunks.map((chunk, index) => ({ chunkId: ids[index]!, text: chunk.text })));
    });
  }

  /** Removes a document's chunks, their postings and its extracted text. */
  async removeDocument(documentId: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await this.deleteChunks(em, documentId);
      await em.execute('delete from document_texts where document_id = ?', [documentId]);
    });
  }

  /**
   * Removes the chunks and text of documents that no longer exist: what a crash between
   * recording a deletion and removing its chunks leaves behind. Returns how many documents.
   */
  async removeOrphans(): Promise<number> {
    const orphans = await this.orm.em.fork().execute<{ document_id: string }[]>(
      `select document_id from document_chunks c where not exists (select 1 from documents d where d.id = c.document_id)
       union
       select document_id from document_texts t where not exists (select 1 from documents d where d.id = t.document_id)`,
    );
    for (const { document_id: documentId } of orphans) await this.removeDocument(documentId);
    return orphans.length;
  }

  async extractedText(documentId: string): Promise<string | null> {
    const [row] = await this.orm.em.fork().execute<{ text: string }[]>(
      'select text from document_texts where document_id = ?',
      [documentId],
    );
    return row?.text ?? null;
  }

  async chunksOf(documentId: string): Promise<StoredChunk[]> {
    const rows = await this.orm.em.fork().execute<{ id: string | number; ordinal: number; text: string; position: unknown }[]>(
      'select id, ordinal, text, position from document_chunks where document_id = ? order by ordinal',
      [documentId],
    );
    return rows.map((row) => ({
      id: String(row.id),
      ordinal: row.ordinal,
      text: row.text,
      position: (typeof row.position === 'string' ? JSON.parse(row.position) : row.position) as ChunkPosition,
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
        await em.execute(
          `update document_chunks c set embedding = x.embedding::vector, embedding_dimensions = ?, embedding_model = ?
           from jsonb_to_recordset(?::jsonb) as x(id bigint, embedding text) where c.id = x.id`,
          [embeddings.dimensions, embeddings.model, JSON.stringify(rows)],
        );
      }
    });
  }

  /** Rebuilds a document's keyword postings from its stored chunks, after the tokenizer changed. */
  async reindexTerms(documentId: string): Promise<void> {
    const chunks = await this.chunksOf(documentId);
    await this.orm.em.fork().transactional(async (em) => {
      await this.unindexTerms(em, documentId);
      await this.indexTerms(em, chunks.map((chunk) => ({ chunkId: chunk.id, text: chunk.text })));
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
   */
  async keywordSearch(query: string, options: { limit: number; documentIds?: string[] }): Promise<KeywordHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const documentFilter = options.documentIds ? 'and c.document_id = any(?::uuid[])' : '';
    const rows = await this.orm.em.fork().execute<{ chunk_id: string | number; document_id: string; score: number }[]>(
      `with corpus as (
         select greatest(chunk_count, 1)::float8 as n,
                greatest(token_count::float8 / greatest(chunk_count, 1), 1) as avgdl
         from search_corpus
       ),
       query_terms as (
         select t.id, ln(1 + (corpus.n - t.doc_freq + 0.5) / (t.doc_freq + 0.5)) as idf
         from search_terms t, corpus
         where t.term = any(?::text[]) and t.doc_freq > 0
       )
       select c.id as chunk_id, c.document_id,
              sum(q.idf * p.tf * (${BM25_K1} + 1)
                  / (p.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * c.token_count / corpus.avgdl))) as score
       from query_terms q
       join chunk_terms p on p.term_id = q.id
       join document_chunks c on c.id = p.chunk_id
       cross join corpus
       where true ${documentFilter}
       group by c.id, c.document_id
       order by score desc, c.id
       limit ?`,
      [toPostgresArray(terms), ...(options.documentIds ? [toPostgresArray(options.documentIds)] : []), options.limit],
    );
    return rows.map((row) => ({ chunkId: String(row.chunk_id), documentId: row.document_id, score: Number(row.score) }));
  }

  private async insertChunks(
    em: EntityManager,
    documentId: string,
    chunks: Chunk[],
    embeddings: ChunkEmbeddings | null,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
      const rows = chunks.slice(from, from + INSERT_BATCH).map((chunk) => ({
        ordinal: chunk.index,
        text: chunk.text,
        position: chunk.position,
        start_offset: chunk.start,
        end_offset: chunk.end,
        token_count: chunk.tokenCount,
        embedding: embeddings ? toVectorLiteral(embeddings.vectors[chunk.index]!) : null,
      }));
      const inserted = await em.execute<{ id: string | number }[]>(
        `insert into document_chunks
           (document_id, ordinal, text, position, start_offset, end_offset, token_count, embedding, embedding_dimensions, embedding_model)
         select ?, x.ordinal, x.text, x.position, x.start_offset, x.end_offset, x.token_count, x.embedding::vector, ?, ?
         from jsonb_to_recordset(?::jsonb)
           as x(ordinal int, text text, position jsonb, start_offset int, end_offset int, token_count int, embedding text)
         order by x.ordinal
         returning id`,
        [documentId, embeddings?.dimensions ?? null, embeddings?.model ?? null, JSON.stringify(rows)],
      );
      ids.push(...inserted.map((row) => String(row.id)));
    }
    const tokens = chunks.reduce((sum, chunk) => sum + chunk.tokenCount, 0);
    await em.execute('update search_corpus set chunk_count = chunk_count + ?, token_count = token_count + ?', [
      chunks.length,
      tokens,
    ]);
    return ids;
  }

  private async indexTerms(em: EntityManager, chunks: { chunkId: string; text: string }[]): Promise<void> {
    const postings: { chunkId: string; term: string; tf: number }[] = [];
    const chunksPerTerm = new Map<string, number>();
    for (const { chunkId, text } of chunks) {
      for (const [term, tf] of termFrequencies(text)) {
        postings.push({ chunkId, term, tf });
        chunksPerTerm.set(term, (chunksPerTerm.get(term) ?? 0) + 1);
      }
    }
    if (postings.length === 0) return;
    // Sorted, so that concurrent writers on PostgreSQL lock dictionary rows in one order and never deadlock.
    const counts = [...chunksPerTerm].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const termIds = new Map<string, number>();
    for (let from = 0; from < counts.length; from += INSERT_BATCH) {
      const rows = counts.slice(from, from + INSERT_BATCH).map(([term, chunkCount]) => ({ term, chunk_count: chunkCount }));
      const upserted = await em.execute<{ id: number; term: string }[]>(
        `insert into search_terms (term, doc_freq)
         select x.term, x.chunk_count from jsonb_to_recordset(?::jsonb) as x(term text, chunk_count int) order by x.term
         on conflict (term) do update set doc_freq = search_terms.doc_freq + excluded.doc_freq
         returning id, term`,
        [JSON.stringify(rows)],
      );
      for (const row of upserted) termIds.set(row.term, row.id);
    }
    for (let from = 0; from < postings.length; from += INSERT_BATCH) {
      const rows = postings
        .slice(from, from + INSERT_BATCH)
        .map(({ chunkId, term, tf }) => ({ term_id: termIds.get(term)!, chunk_id: chunkId, tf }));
      await em.execute(
        `insert into chunk_terms (term_id, chunk_id, tf)
         select x.term_id, x.chunk_id, x.tf from jsonb_to_recordset(?::jsonb) as x(term_id int, chunk_id bigint, tf int)`,
        [JSON.stringify(rows)],
      );
    }
  }

  private async unindexTerms(em: EntityManager, documentId: string): Promise<void> {
    await em.execute(
      `update search_terms t set doc_freq = t.doc_freq - x.chunk_count
       from (select p.term_id, count(*) as chunk_count
             from chunk_terms p join document_chunks c on c.id = p.chunk_id
             where c.document_id = ? group by p.term_id) x
       where t.id = x.term_id`,
      [documentId],
    );
    await em.execute(
      'delete from chunk_terms p using document_chunks c where c.id = p.chunk_id and c.document_id = ?',
      [documentId],
    );
  }

  private async deleteChunks(em: EntityManager, documentId: string): Promise<void> {
    await this.unindexTerms(em, documentId);
    await em.execute(
      `update search_corpus set
         chunk_count = chunk_count - (select count(*) from document_chunks where document_id = ?),
         token_count = token_count - (select coalesce(sum(token_count), 0) from document_chunks where document_id = ?)`,
      [documentId, documentId],
    );
    await em.execute('delete from document_chunks where document_id = ?', [documentId]);
  }
}

/** pgvector's text form; float32 precision is all the column keeps. */
function toVectorLiteral(vector: number[]): string {
  return `[${vector.join(',')}]`;
}

/** A PostgreSQL array literal, so one bound parameter carries the whole list. */
function toPostgresArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}`;
}
