import { Logger } from '@nestjs/common';
import type { EntityManager, MikroORM } from '@mikro-orm/sql';
import { bulk, type Statements } from './bound-statement.js';
import { KeywordPostings, type PostedChunk } from './keyword-postings.js';

/** Chunks read per statement while rebuilding: the rows of one batch are all the start holds at once. */
const REBUILD_BATCH = 5_000;
/** Documents whose chunks one statement reloads after they changed (a reindex changes them all). */
const RELOAD_BATCH = 200;
/** Change rows older than this are pruned; a process that has not caught up since then rebuilds. */
const CHANGE_RETENTION = '1 day';

/**
 * The term keys as float8, which holds every 53-bit key exactly: they arrive as numbers
 * rather than bigint strings to convert, a large share of the rebuild's time.
 */
const POSTINGS_AS_NUMBERS = 'term_hashes::float8[] as term_hashes, term_freqs';

interface ChunkRow {
  id: string | number;
  document_id: string;
  token_count: number;
  term_hashes: number[];
  term_freqs: number[];
}

/**
 * Records, in the transaction that writes a document's chunks, that they changed: the
 * keyword index of every process reads this log to catch up. The table lock makes writers
 * take their sequence numbers in commit order (it is held until commit), so a reader that
 * has seen number n has seen every change numbered below it. Old rows are pruned here too.
 */
export async function recordChunksChanged(run: Statements, documentId: string): Promise<void> {
  await run('lock table search_index_changes in share row exclusive mode', []);
  // One statement for the row and the pruning: each is a round trip into the database on every document write.
  await run(
    `with added as (insert into search_index_changes (document_id) values ($1)),
          pruned as (delete from search_index_changes where changed_at < now() - interval '${CHANGE_RETENTION}' returning seq)
     update search_corpus set changes_pruned_through = (select max(seq) from pruned) where exists (select 1 from pruned)`,
    [documentId],
  );
}

/**
 * The keyword index as a projection of the chunks table held in this process's memory:
 * built from every chunk's stored postings on first use (in batches, so the start never
 * holds a second copy of the corpus), then kept current from the change log, whose sequence
 * number is its checkpoint. Before each search it reads the changes after its checkpoint
 * (an indexed statement that usually returns nothing) and reloads those documents' chunks,
 * so writes by this process, a worker, `npm run reindex` or another server on the same
 * PostgreSQL all show. A write that rolled back left no change row and no chunks: nothing
 * to undo. Reloading a document is idempotent, so a change read twice does no harm.
 */
export class KeywordProjection {
  private readonly logger = new Logger(KeywordProjection.name);
  private postings: KeywordPostings | null = null;
  private checkpoint = 0;
  private running: Promise<KeywordPostings> | null = null;
  private queued: Promise<KeywordPostings> | null = null;

  constructor(private readonly orm: MikroORM) {}

  /**
   * The index with every change committed before this call applied. Concurrent callers
   * share one catch-up; one arriving while a catch-up runs waits for the next, which
   * starts after the running one and so sees what committed meanwhile.
   */
  current(): Promise<KeywordPostings> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  private start(): Promise<KeywordPostings> {
    const running = this.catchUp().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async catchUp(): Promise<KeywordPostings> {
    const em = this.orm.em.fork();
    if (!this.postings) return this.rebuild(em);
    const changes = await em.execute<{ seq: string | number | null; document_id: string | null }[]>(
      `select seq, document_id from search_index_changes where seq > ?
       union all
       select null, null from search_corpus where changes_pruned_through > ?`,
      [this.checkpoint, this.checkpoint],
    );
    if (changes.length === 0) return this.postings;
    if (changes.some((change) => change.seq === null)) return this.rebuild(em);
    const documents = [...new Set(changes.map((change) => change.document_id!))];
    for (let from = 0; from < documents.length; from += RELOAD_BATCH) {
      const batch = documents.slice(from, from + RELOAD_BATCH);
      const { rows } = await bulk<ChunkRow>(
        em,
        `select id, document_id, token_count, ${POSTINGS_AS_NUMBERS} from document_chunks
         where document_id = any($1::uuid[]) order by id`,
        [`{${batch.join(',')}}`],
      );
      this.postings.removeDocuments(batch);
      for (const row of rows) this.postings.addChunk(row.document_id, postedChunk(row));
    }
    this.checkpoint = changes.reduce((latest, change) => Math.max(latest, Number(change.seq)), this.checkpoint);
    return this.postings;
  }

  /** Every chunk, read in batches by key; the checkpoint is taken first, so a write made meanwhile is read again after. */
  private async rebuild(em: EntityManager): Promise<KeywordPostings> {
    const startedAt = performance.now();
    const [{ seq }] = await em.execute<[{ seq: string | number }]>(
      `select greatest((select max(seq) from search_index_changes), (select changes_pruned_through from search_corpus), 0) as seq`,
    );
    const postings = new KeywordPostings();
    let after = 0;
    for (;;) {
      const { rows } = await bulk<ChunkRow>(
        em,
        `select id, document_id, token_count, ${POSTINGS_AS_NUMBERS} from document_chunks
         where id > $1 order by id limit $2`,
        [after, REBUILD_BATCH],
      );
      for (const row of rows) postings.addChunk(row.document_id, postedChunk(row));
      if (rows.length < REBUILD_BATCH) break;
      after = Number(rows[rows.length - 1]!.id);
    }
    postings.trim();
    this.postings = postings;
    this.checkpoint = Number(seq);
    this.logger.log(
      `Keyword index built from ${postings.chunkCount} chunks (${postings.termCount} terms, ` +
        `${(postings.arrayBytes / 1_048_576).toFixed(1)} MB of arrays) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    return postings;
  }
}

function postedChunk(row: ChunkRow): PostedChunk {
  return {
    id: Number(row.id),
    tokenCount: row.token_count,
    termHashes: row.term_hashes,
    termFreqs: row.term_freqs,
  };
}
