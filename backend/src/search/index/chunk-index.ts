import { Inject, Injectable } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { PgliteConnection } from '@mikro-orm/pglite';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import type { DocumentType } from '@docent/common/documents';
import type { ChunkPositionView } from '@docent/common/search';
import type { IndexableChunk } from './chunk-index-writer.port.js';
import { BinaryCopyRows } from './binary-copy-rows.js';
import { bind, bulk, statementsOf, type Statements } from './bound-statement.js';
import { KeywordProjection, recordChunksChanged } from './keyword-projection.js';
import { indexedText, KEYWORD_TOKENIZER, postingsOf, queryTermHashes, type ChunkPostings } from './postings.js';

/** Rows per statement: keeps each statement's JSON parameter to a few megabytes. */
const INSERT_BATCH = 2_000;

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

/** Postgres array literals of a chunk's postings, as the insert and update statements read them. */
function postingsColumns(chunk: ChunkPostings): {
  term_hashes: string;
  term_freqs: string;
} {
  return { term_hashes: `{${chunk.termHashes.join(',')}}`, term_freqs: `{${chunk.termFreqs.join(',')}}` };
}

/**
 * The chunks table with each chunk's BM25 postings (its term keys and counts, stored for
 * the keyword index this process holds in memory: see KeywordProjection) and its pgvector
 * column for semantic search, with the corpus counts /status reads (search_corpus).
 * Every write replaces a document's chunks as a whole in one transaction, which also
 * records the change for the keyword index, so a retried or repeated write never
 * duplicates one and a write that fails leaves no trace.
 */
@Injectable()
export class ChunkIndex {
  private readonly keywordIndex: KeywordProjection;

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    this.keywordIndex = new KeywordProjection(orm);
  }

  async replaceChunks(documentId: string, chunks: IndexableChunk[], embeddings: ChunkEmbeddings | null): Promise<void> {
    const embedded = await this.embeddedDatabase();
    if (embedded) {
      // COPY from a blob rather than a statement with the rows as JSON: the rows skip both
      // JSON and the bind message, whose byte counting and encoding ran in JavaScript on the
      // server's one thread (167 rows of 600 characters: 8.8 ms rather than 18.9). Binary,
      // because parsing the postings' numbers from text was most of the COPY's own time.
      await embedded.transaction(async (tx) => {
        const run: Statements = (sql, parameters) => tx.query(sql, parameters);
        await deleteChunks(run, documentId);
        await tx.query(COPY_CHUNKS, [], { blob: new Blob([chunkRowsForCopy(documentId, chunks, embeddings)]) });
        await run('update search_corpus set chunk_count = chunk_count + $1, token_count = token_count + $2', [
          chunks.length,
          chunks.reduce((total, chunk) => total + chunk.tokenCount, 0),
        ]);
        await recordChunksChanged(run, documentId);
      });
      return;
    }
    await this.orm.em.fork().transactional(async (em) => {
      await deleteChunks(statementsOf(em), documentId);
      await this.insertChunks(em, documentId, chunks, embeddings);
      await recordChunksChanged(statementsOf(em), documentId);
    });
  }

  async removeDocument(documentId: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await deleteChunks(statementsOf(em), documentId);
      await recordChunksChanged(statementsOf(em), documentId);
    });
  }

  /**
   * The embedded database itself when the server runs on one, for COPY, which the ORM's
   * connection cannot pass a blob to; null on PostgreSQL. Its own transactions queue behind
   * the ORM's, which take the same lock.
   */
  protected async embeddedDatabase(): Promise<PGlite | null> {
    const connection = this.orm.driver.getConnection();
    return connection instanceof PgliteConnection ? connection.getNativeClient() : null;
  }

  /** Builds the keyword index now rather than at the first search: the server calls it before it listens. */
  async loadKeywordIndex(): Promise<void> {
    await this.keywordIndex.current();
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
   * `documentIds` are the documents the chunks were found in: only those go through `within`.
   */
  async chunksWithDocuments(
    chunks: readonly { chunkId: string; documentId: string }[],
    within: DocumentsWithin,
  ): Promise<ChunkWithDocument[]> {
    if (chunks.length === 0) return [];
    const parameters: unknown[] = [
      JSON.stringify(chunks.map((chunk) => chunk.chunkId)),
      `{${[...new Set(chunks.map((chunk) => chunk.documentId))].join(',')}}`,
    ];
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
      // The chunks by key and the few documents they were found in, each set on its own:
      // PGlite never analyzes, and estimating one readable document the planner either looked
      // the chunks up again for each readable document (170 ms at 100,000 chunks and 600
      // documents) or hashed every readable document to join a few (3 ms of 8).
      `with wanted as materialized (
         select c.id, c.ordinal, c.text, c.position, c.document_id from document_chunks c
         where c.id in (select jsonb_array_elements_text($1::jsonb)::bigint)
       ), owners as materialized (
         select d.id, d.name, d.type from ${within((value) => bind(parameters, value))} d where d.id = any($2::uuid[])
       )
       select c.id as chunk_id, c.ordinal, c.text, c.position, d.id as document_id, d.name as document_name, d.type as document_type
       from wanted c join owners d on d.id = c.document_id`,
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
   * Rebuilds a document's keyword postings and token counts from its stored chunks, after
   * the tokenizer changed, with the corpus token count kept in step; each chunk gets the
   * header `headerOf` gives for its position.
   */
  async reindexTerms(documentId: string, headerOf: (position: ChunkPositionView) => string): Promise<void> {
    const chunks = (await this.chunksOf(documentId)).map((chunk) => ({ ...chunk, header: headerOf(chunk.position) }));
    await this.orm.em.fork().transactional(async (em) => {
      await em.execute(
        'update search_corpus set token_count = token_count - (select coalesce(sum(token_count), 0) from document_chunks where document_id = ?)',
        [documentId],
      );
      for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
        const rows = chunks.slice(from, from + INSERT_BATCH).map((chunk) => {
          const postings = postingsOf(indexedText(chunk));
          return { id: chunk.id, header: chunk.header, token_count: postings.tokenCount, ...postingsColumns(postings) };
        });
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
      await recordChunksChanged(statementsOf(em), documentId);
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
   * The best `limit` chunks by BM25 (see KeywordPostings) for the query, from the keyword
   * index in memory, brought up to date with every committed write first. With `within`, only
   * chunks of the documents it holds are scored: one statement lists them (the access
   * policy's relation decides, as everywhere), and they scale with documents, not chunks.
   * Without it, every chunk counts, for callers that act for no user (tests).
   */
  async keywordSearch(
    query: string,
    options: { limit: number; documentIds?: string[]; within?: DocumentsWithin },
  ): Promise<ChunkHit[]> {
    const termKeys = queryTermHashes(query);
    if (termKeys.length === 0 || options.limit < 1) return [];
    const postings = await this.keywordIndex.current();
    const documents = await this.documentsInScope(options);
    if (documents?.size === 0) return [];
    return postings.search(termKeys, { limit: options.limit, ...(documents && { documents }) });
  }

  /** The ids of the documents a search may return chunks of, or undefined for all of them. */
  private async documentsInScope(options: {
    documentIds?: string[];
    within?: DocumentsWithin;
  }): Promise<Set<string> | undefined> {
    if (!options.within) return options.documentIds && new Set(options.documentIds.map((id) => id.toLowerCase()));
    const parameters: unknown[] = [];
    const documentFilter = options.documentIds
      ? `where d.id = any(${bind(parameters, `{${options.documentIds.join(',')}}`)}::uuid[])`
      : '';
    // One row of joined ids rather than a row each: at 600 documents, 0.9 ms rather than 2.6.
    const { rows } = await bulk<{ ids: string | null }>(
      this.orm.em.fork(),
      `select string_agg(d.id::text, ',') as ids from ${options.within((value) => bind(parameters, value))} d ${documentFilter}`,
      parameters,
    );
    const ids = rows[0]?.ids;
    return new Set(ids ? ids.split(',') : []);
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
      // The corpus counts grow in the same statement: one round trip per batch into the database.
      await bulk(
        em,
        `with inserted as (
           insert into document_chunks
             (document_id, ordinal, text, header, position, start_offset, end_offset, token_count,
              embedding, embedding_dimensions, embedding_model, term_hashes, term_freqs)
           select $1, x.ordinal, x.text, x.header, x.position, x.start_offset, x.end_offset, x.token_count,
                  x.embedding::vector, $2, $3, x.term_hashes::bigint[], x.term_freqs::int[]
           from jsonb_to_recordset($4::jsonb) as x(ordinal int, text text, header text, position jsonb, start_offset int, end_offset int,
                                                   token_count int, embedding text, term_hashes text, term_freqs text)
           returning token_count
         )
         update search_corpus set chunk_count = chunk_count + (select count(*) from inserted),
                                  token_count = token_count + (select coalesce(sum(token_count), 0) from inserted)`,
        [documentId, embeddings?.dimensions ?? null, embeddings?.model ?? null, JSON.stringify(rows)],
      );
    }
  }
}

async function deleteChunks(run: Statements, documentId: string): Promise<void> {
  await run(
    `with removed as (delete from document_chunks where document_id = $1 returning token_count)
     update search_corpus set chunk_count = chunk_count - (select count(*) from removed),
                              token_count = token_count - (select coalesce(sum(token_count), 0) from removed)`,
    [documentId],
  );
}

const COPY_CHUNKS = `copy document_chunks
  (document_id, ordinal, text, header, position, start_offset, end_offset, token_count,
   embedding, embedding_dimensions, embedding_model, term_hashes, term_freqs)
  from '/dev/blob' with (format binary)`;

/** Rows for COPY_CHUNKS: the COPY's columns in order. */
function chunkRowsForCopy(
  documentId: string,
  chunks: IndexableChunk[],
  embeddings: ChunkEmbeddings | null,
): Uint8Array {
  const rows = new BinaryCopyRows(chunks.reduce((bytes, chunk) => bytes + COPY_ROW_BYTES + chunk.text.length * 2, 0));
  for (const chunk of chunks) {
    rows.row(13).uuid(documentId).int4(chunk.index).text(chunk.text).text(chunk.header);
    rows.jsonb(JSON.stringify(chunk.position)).int4(chunk.start).int4(chunk.end).int4(chunk.tokenCount);
    if (embeddings) rows.vector(embeddings.vectors[chunk.index]!).int2(embeddings.dimensions).text(embeddings.model);
    else rows.null().null().null();
    rows.int8Array(chunk.termHashes).int4Array(chunk.termFreqs);
  }
  return rows.finish();
}

/** A row's bytes besides its text, postings and vector: enough that most chunks need no second buffer. */
const COPY_ROW_BYTES = 2_048;

function parsePosition(position: unknown): ChunkPositionView {
  return (typeof position === 'string' ? JSON.parse(position) : position) as ChunkPositionView;
}

/** pgvector's text form; float32 precision is all the column keeps. */
function toVectorLiteral(vector: number[]): string {
  return `[${vector.join(',')}]`;
}
