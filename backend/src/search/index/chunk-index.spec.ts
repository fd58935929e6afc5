import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../testing/test-app.js';
import { ChunkIndex } from './chunk-index.js';
import type { IndexableChunk } from './chunk-index-writer.port.js';
import { withPostings } from './postings.js';
import { tokenize } from './tokenize.js';

let t: TestApp;
let index: ChunkIndex;

function chunksOf(...texts: string[]): IndexableChunk[] {
  let start = 0;
  return texts.map((text, position) => {
    const chunk = {
      index: position,
      text,
      position: {},
      start,
      end: start + text.length,
      tokenCount: tokenize(text).length,
    };
    start += text.length + 2;
    return withPostings(chunk, '');
  });
}

beforeAll(async () => {
  t = await startTestApp();
  index = t.app.get(ChunkIndex);
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('BM25 keyword search', () => {
  const first = randomUUID();
  const second = randomUUID();

  beforeAll(async () => {
    await index.replaceChunks(first, chunksOf('apple banana apple', 'banana cherry'), null);
    await index.replaceChunks(second, chunksOf('cherry cherry cherry date'), null);
  });

  /*
   * Worked by hand. N = 3 chunks of 3, 2 and 4 terms: avgdl = 3. k1 = 1.0, b = 0.4.
   *   idf(apple)  = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)) = ln(2.6667) = 0.980829
   *   idf(cherry) = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln(1.6)    = 0.470004
   *   "apple banana apple":        0.980829 * 2 * 2 / (2 + 1.0 * (0.6 + 0.4 * 3/3)) = 1.307772
   *   "cherry cherry cherry date": 0.470004 * 3 * 2 / (3 + 1.0 * (0.6 + 0.4 * 4/3)) = 0.682263
   *   "banana cherry":             0.470004 * 1 * 2 / (1 + 1.0 * (0.6 + 0.4 * 2/3)) = 0.503575
   */
  it('scores IDF-weighted, length-normalised term frequencies', async () => {
    const hits = await index.keywordSearch('Apple and cherry?', { limit: 10 });

    expect(hits.map((hit) => [hit.documentId, Number(hit.score.toFixed(6))])).toEqual([
      [first, 1.307772],
      [second, 0.682263],
      [first, 0.503575],
    ]);
  });

  it('limits the search to given documents and to the number asked for', async () => {
    expect(
      (await index.keywordSearch('cherry', { limit: 10, documentIds: [second] })).map((hit) => hit.documentId),
    ).toEqual([second]);
    expect(await index.keywordSearch('cherry', { limit: 1 })).toHaveLength(1);
  });

  it('finds nothing for stop words, unknown terms or an empty query', async () => {
    expect(await index.keywordSearch('the and of', { limit: 10 })).toEqual([]);
    expect(await index.keywordSearch('durian', { limit: 10 })).toEqual([]);
    expect(await index.keywordSearch('', { limit: 10 })).toEqual([]);
  });

  it('replaces a document as a whole, so writing it twice changes no score', async () => {
    const before = await index.keywordSearch('apple cherry', { limit: 10 });
    await index.replaceChunks(first, chunksOf('apple banana apple', 'banana cherry'), null);

    expect(await index.keywordSearch('apple cherry', { limit: 10 })).toEqual(
      before.map((hit) => ({ ...hit, chunkId: expect.any(String) })),
    );
    const [{ count }] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute('select count(*)::int as count from document_chunks');
    expect(count).toBe(3);
  });

  it('forgets a removed document in the corpus statistics', async () => {
    const third = randomUUID();
    await index.replaceChunks(third, chunksOf('apple'), null);
    await index.removeDocument(third);

    const [hit] = await index.keywordSearch('apple', { limit: 1 });
    expect(Number(hit!.score.toFixed(6))).toBe(1.307772);
  });
});

describe('BM25 keyword search over many chunks', () => {
  const document = randomUUID();
  const other = randomUUID();
  const query = 'walrus ivory shore';

  beforeAll(async () => {
    // The rarest query word sits in long chunks that score low, a rarer-than-common one in
    // short chunks that score high, and nearly every chunk holds the common one: reading
    // the rarest word's chunks first is not enough, and every word counts in each score.
    const texts = Array.from({ length: 120 }, (_, position) => {
      if (position % 10 === 3) return `ivory ${'sand '.repeat(20)}shore`;
      if (position % 10 === 7) return 'walrus shore shore';
      if (position % 10 === 5) return 'walrus tusk';
      return position % 2 === 0 ? 'shore wave sand' : 'shore shore wave tide sand sand';
    });
    await index.replaceChunks(document, chunksOf(...texts), null);
    await index.replaceChunks(other, chunksOf('walrus shore', 'shore sand', 'shore sand sand', 'sand'), null);
  });

  it('returns the same top hits, with the same scores, as ranking every matching chunk', async () => {
    const everything = await index.keywordSearch(query, { limit: 1000, documentIds: [document] });
    expect(everything).toHaveLength(120);

    for (const limit of [1, 2, 5, 13, 30]) {
      expect(await index.keywordSearch(query, { limit, documentIds: [document] })).toEqual(everything.slice(0, limit));
    }
  });

  it('reads further when the rarest words are not in the documents searched', async () => {
    const everything = await index.keywordSearch(query, { limit: 1000, documentIds: [other] });
    expect(everything).toHaveLength(3);

    expect(await index.keywordSearch(query, { limit: 1, documentIds: [other] })).toEqual(everything.slice(0, 1));
    expect(await index.keywordSearch(query, { limit: 2, documentIds: [other] })).toEqual(everything.slice(0, 2));
  });
});

describe('the keyword index of several processes on one database', () => {
  it('shows writes made by another process', async () => {
    const otherProcess = new ChunkIndex(t.app.get(MikroORM));
    await otherProcess.loadKeywordIndex();
    const document = randomUUID();

    await index.replaceChunks(document, chunksOf('quokka island', 'quokka quokka smile'), null);
    expect((await otherProcess.keywordSearch('quokka', { limit: 10 })).map((hit) => hit.documentId)).toEqual([
      document,
      document,
    ]);
    expect(await otherProcess.keywordSearch('quokka island', { limit: 10 })).toEqual(
      await index.keywordSearch('quokka island', { limit: 10 }),
    );

    await index.removeDocument(document);
    expect(await otherProcess.keywordSearch('quokka', { limit: 10 })).toEqual([]);
  });

  it('keeps a document as it was when a write of it fails midway', async () => {
    const otherProcess = new ChunkIndex(t.app.get(MikroORM));
    await otherProcess.loadKeywordIndex();
    const document = randomUUID();
    await index.replaceChunks(document, chunksOf('wombat burrow'), null);
    const before = await otherProcess.keywordSearch('wombat', { limit: 10 });

    // One vector for two chunks: the write fails after it deleted the old chunks, and rolls back.
    await expect(
      index.replaceChunks(document, chunksOf('echidna spines', 'echidna snout'), {
        model: 'test',
        dimensions: 3,
        vectors: [[1, 0, 0]],
      }),
    ).rejects.toThrow();

    for (const searcher of [index, otherProcess]) {
      expect(await searcher.keywordSearch('wombat', { limit: 10 })).toEqual(before);
      expect(await searcher.keywordSearch('echidna', { limit: 10 })).toEqual([]);
    }
  });

  it('rebuilds a process whose unread changes were pruned from the log', async () => {
    const otherProcess = new ChunkIndex(t.app.get(MikroORM));
    await otherProcess.loadKeywordIndex();
    const document = randomUUID();
    await index.replaceChunks(document, chunksOf('numbat termite'), null);
    await t.app
      .get(MikroORM)
      .em.fork()
      .execute("update search_index_changes set changed_at = now() - interval '2 days'");
    // The next write prunes the aged changes, the one above among them.
    await index.replaceChunks(randomUUID(), chunksOf('bilby burrow'), null);

    expect((await otherProcess.keywordSearch('numbat', { limit: 10 })).map((hit) => hit.documentId)).toEqual([
      document,
    ]);
    expect(await otherProcess.keywordSearch('numbat bilby', { limit: 10 })).toEqual(
      await index.keywordSearch('numbat bilby', { limit: 10 }),
    );
  });
});

/** The index writing its rows as one statement, as it does on PostgreSQL. */
class StatementWritingChunkIndex extends ChunkIndex {
  protected override embeddedDatabase(): Promise<null> {
    return Promise.resolve(null);
  }
}

describe('chunk rows as stored', () => {
  const awkwardChunks = (): IndexableChunk[] =>
    [
      { text: 'a tab\there and a carriage\rreturn', header: 'Report\tQ1', position: { page: 1 } },
      {
        text: 'line\nbreak, a backslash \\ and what COPY would read as null: \\N, or as the end: \n\\.\n',
        header: 'C:\\reports',
        position: { headingPath: ['Intro\nPart', 'Ünïcødé 😀'] },
      },
      { text: 'naïve café', header: '', position: { sheet: 'Sheet\t1', row: 2, rowEnd: 9 } },
      // No term at all: empty postings.
      { text: '— … !', header: '', position: { page: 3 } },
    ].map(({ text, header, position }, index) =>
      withPostings(
        {
          index,
          text,
          position,
          start: index * 100,
          end: index * 100 + text.length,
          tokenCount: tokenize(text).length,
        },
        header,
      ),
    );
  const vectors = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0.5, 0.25],
    [-1.5, 0, 3],
  ];

  async function storedRows(document: string) {
    return t.app
      .get(MikroORM)
      .em.fork()
      .execute(
        `select ordinal, text, header, position, start_offset, end_offset, token_count, term_hashes::float8[] as term_hashes,
                term_freqs, embedding::text as embedding, embedding_dimensions, embedding_model
         from document_chunks where document_id = ? order by ordinal`,
        [document],
      );
  }

  async function corpus(): Promise<{ chunks: number; tokens: number }> {
    const [row] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ chunk_count: string | number; token_count: string | number }[]>(
        'select chunk_count, token_count from search_corpus',
      );
    return { chunks: Number(row!.chunk_count), tokens: Number(row!.token_count) };
  }

  it.each([
    ['copied into the embedded database', () => index],
    ['written as one statement, as on PostgreSQL', () => new StatementWritingChunkIndex(t.app.get(MikroORM))],
  ])('keeps every field exactly and counts the corpus when %s', async (_, writer) => {
    const document = randomUUID();
    const chunks = awkwardChunks();
    const before = await corpus();

    await writer().replaceChunks(document, chunks, { model: 'test\tmodel', dimensions: 3, vectors });

    expect(await storedRows(document)).toEqual(
      chunks.map((chunk, ordinal) => ({
        ordinal,
        text: chunk.text,
        header: chunk.header,
        position: chunk.position,
        start_offset: chunk.start,
        end_offset: chunk.end,
        token_count: chunk.tokenCount,
        term_hashes: chunk.termHashes,
        term_freqs: chunk.termFreqs,
        embedding: `[${vectors[ordinal]!.join(',')}]`,
        embedding_dimensions: 3,
        embedding_model: 'test\tmodel',
      })),
    );
    const tokens = chunks.reduce((total, chunk) => total + chunk.tokenCount, 0);
    expect(await corpus()).toEqual({ chunks: before.chunks + chunks.length, tokens: before.tokens + tokens });
    expect((await index.keywordSearch('naïve café', { limit: 1 })).map((hit) => hit.documentId)).toEqual([document]);

    await writer().removeDocument(document);
    expect(await corpus()).toEqual(before);
  });

  it('stores chunks without vectors as null', async () => {
    const document = randomUUID();
    await index.replaceChunks(document, awkwardChunks(), null);

    expect(
      (await storedRows(document)).map((row) => [row.embedding, row.embedding_dimensions, row.embedding_model]),
    ).toEqual(awkwardChunks().map(() => [null, null, null]));
  });
});
