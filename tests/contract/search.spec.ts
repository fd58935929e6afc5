import type { DocumentView } from '@docent/common/documents';
import type { SearchHit, SearchStats } from '@docent/common/search';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTinyEmbeddingModel,
  type TinyEmbeddingModel,
} from '../../backend/src/embeddings/testing/tiny-onnx-model.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

const SEMANTIC_UNAVAILABLE = /^Semantic search is unavailable: no embedding model is configured/;

const ORCHARD = '# Orchards\n\nApple orchards grow apple trees. The apple harvest follows the apple blossom.\n';
const BASKET =
  'A fruit basket from the market holds pears, grapes, plums, cherries, figs, one apple and a loaf of bread from the Café Crème bakery.';
const BUDGET = '# Budget\n\nQuarterly budget figures for the cooperative, with costs of seeds and tools.\n';
const DIARY = 'Apple cider recipe: my private notes on pressing apples.';

interface World {
  t: TestApp;
  admin: SignedIn;
  owner: SignedIn;
  reader: SignedIn;
}

/** The first account is the administrator; the others are ordinary users unless given a role. */
async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const t = await startTestApp(env);
  const admin = await signUp(t);
  const owner = await signUp(t);
  const reader = await signUp(t);
  await callAs(t, admin.accessToken).put(`/api/users/${reader.user.id}/role`).send({ role: 'readonly' }).expect(200);
  return { t, admin, owner, reader };
}

function searchAs(world: World, who: SignedIn, query: string, options: Record<string, unknown> = {}) {
  return callAs(world.t, who.accessToken).post('/api/search/rag').send({ query, options });
}

async function hitsFor(
  world: World,
  who: SignedIn,
  query: string,
  options: Record<string, unknown> = {},
): Promise<SearchHit[]> {
  const response = await searchAs(world, who, query, options);
  // Status and body together, so that a refusal shows why.
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
  return response.body.results;
}

const documentNames = (hits: SearchHit[]) => hits.map((hit) => hit.documentName);

/** The mean time of every search recorded so far, in ms to one decimal, as the stats give it. */
async function meanRecordedTookMs(world: World): Promise<number> {
  const rows = await world.t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ data: unknown }[]>(`select data from events where type = 'SearchPerformed'`);
  const took = rows.map(
    (row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { tookMs: number },
  );
  return Number((took.reduce((sum, { tookMs }) => sum + tookMs, 0) / took.length).toFixed(1));
}

async function searchStats(world: World): Promise<SearchStats> {
  return (await callAs(world.t, world.reader.accessToken).get('/api/search/stats').expect(200)).body.stats;
}

describe('search without an embedding model', () => {
  let world: World;
  let docs: Record<'orchard' | 'basket' | 'budget' | 'diary', DocumentView>;

  beforeAll(async () => {
    world = await startWorld();
    const { t, admin, owner } = world;
    docs = {
      orchard: await ingest(t, admin.accessToken, { name: 'orchards.md', content: ORCHARD }),
      basket: await ingest(t, admin.accessToken, { name: 'basket.txt', content: BASKET }),
      budget: await ingest(t, admin.accessToken, { name: 'budget.md', content: BUDGET }),
      diary: await ingest(t, owner.accessToken, { name: 'diary.txt', content: DIARY }, { accessLevel: 'private' }),
    };
    await callAs(t, admin.accessToken)
      .put(`/api/documents/${docs.basket.id}/metadata`)
      .send({ tags: ['market', 'food'] })
      .expect(200);
    await callAs(t, admin.accessToken)
      .put(`/api/documents/${docs.budget.id}/metadata`)
      .send({ tags: ['finance'] })
      .expect(200);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => world.t.close());

  describe('keyword search', () => {
    it('ranks by BM25: the chunk dense in the term first, scores descending', async () => {
      const response = await searchAs(world, world.reader, 'apple', { type: 'keyword' }).expect(200);

      expect(response.body).toMatchObject({
        success: true,
        query: 'apple',
        type: 'keyword',
        total: 2,
        tookMs: expect.any(Number),
      });
      expect(response.body).not.toHaveProperty('fallback');
      const hits: SearchHit[] = response.body.results;
      expect(documentNames(hits)).toEqual(['orchards.md', 'basket.txt']);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[1]!.score).toBeGreaterThan(0);
      expect(hits.every((hit) => hit.ranks === undefined)).toBe(true);
    });

    it("returns each hit's document, an existing chunk with its position, and a snippet whose highlights are the query's terms", async () => {
      const [hit] = await hitsFor(world, world.reader, 'Apple blossom', { type: 'keyword' });

      const chunks = await world.t.app
        .get(MikroORM)
        .em.fork()
        .execute<{ text: string; position: unknown }[]>(
          'select text, position from document_chunks where id = ? and document_id = ?',
          [hit!.chunkId, docs.orchard.id],
        );
      expect(chunks).toHaveLength(1);
      const [chunk] = chunks;
      const passage = {
        chunkId: hit!.chunkId,
        text: chunk!.text,
        snippet: chunk!.text,
        highlights: expect.any(Array),
        position: { headingPath: ['Orchards'] },
        score: expect.any(Number),
      };
      expect(hit).toEqual({
        documentId: docs.orchard.id,
        documentName: 'orchards.md',
        documentType: 'MD',
        ...passage,
        passages: [passage],
      });
      expect(chunk!.position).toEqual(hit!.position);
      const highlighted = hit!.highlights.map(({ start, end }) => hit!.snippet.slice(start, end));
      expect(highlighted).toEqual(['Apple', 'apple', 'apple', 'apple', 'blossom']);
    });

    it('highlights words that match once case and diacritics are folded, as BM25 matches them', async () => {
      const [hit] = await hitsFor(world, world.reader, 'cafe CREME', { type: 'keyword' });

      expect(hit!.documentName).toBe('basket.txt');
      expect(hit!.highlights.map(({ start, end }) => hit!.snippet.slice(start, end))).toEqual(['Café', 'Crème']);
    });

    it('cuts a long chunk to a window around the first match, the highlights pointing into the window', async () => {
      const long = `${'Filler words about nothing in particular. '.repeat(8)}The zeppelin landed. ${'More filler follows here. '.repeat(12)}`;
      await ingest(world.t, world.admin.accessToken, { name: 'long.txt', content: long });

      const [hit] = await hitsFor(world, world.reader, 'zeppelin', { type: 'keyword' });

      expect(hit!.snippet.length).toBeLessThanOrEqual(242);
      expect(hit!.snippet.startsWith('…') && hit!.snippet.endsWith('…')).toBe(true);
      expect(hit!.highlights).toHaveLength(1);
      expect(hit!.snippet.slice(hit!.highlights[0]!.start, hit!.highlights[0]!.end)).toBe('zeppelin');
    });

    it("finds a passage by its document's title and its section's heading, which only the header holds, and shows the passage's own text", async () => {
      const { admin } = world;
      // Private, so the reader's figures elsewhere in this file stay as they are.
      const manual = await ingest(
        world.t,
        admin.accessToken,
        {
          name: 'zeppelin-manual.md',
          content: `# Mooring\n\n${'Tie the lines to the mast before the wind rises. '.repeat(30)}\n\nCheck the anchor rope daily.\n`,
        },
        { accessLevel: 'private' },
      );
      expect(manual.chunks).toBeGreaterThan(1);

      const hits = await hitsFor(world, admin, 'zeppelin mooring rope', { type: 'keyword', group: 'passage' });

      expect(hits[0]).toMatchObject({ documentId: manual.id, position: { headingPath: ['Mooring'] } });
      expect(hits[0]!.text).toMatch(/anchor rope daily\.$/);
      expect(hits[0]!.text).not.toMatch(/zeppelin|mooring/i);
    });

    it.each([
      ['documentIds', () => ({ documentIds: [docs.basket.id] }), ['basket.txt']],
      ['fileTypes', () => ({ fileTypes: ['TXT'] }), ['basket.txt']],
      ['fileTypes without a match', () => ({ fileTypes: ['PDF'] }), []],
      ['tags', () => ({ tags: ['food'] }), ['basket.txt']],
      ['tags without a match', () => ({ tags: ['finance'] }), []],
      ['limit', () => ({ limit: 1 }), ['orchards.md']],
    ])('filters by %s in the query', async (_filter, options, expected) => {
      expect(documentNames(await hitsFor(world, world.reader, 'apple', { type: 'keyword', ...options() }))).toEqual(
        expected,
      );
    });

    describe('grouped by document', () => {
      let lighthouses: DocumentView;
      let harbour: DocumentView;

      beforeAll(async () => {
        const { t, admin } = world;
        // Five sections, so five chunks, each naming the lighthouse a different number of times.
        const sections = [1, 4, 2, 5, 3].map(
          (count, index) => `# Section ${index + 1}\n\n${'The lighthouse stands. '.repeat(count)}Waves break on rocks.`,
        );
        // Private, so the reader's figures elsewhere in this file stay as they are.
        lighthouses = await ingest(
          t,
          admin.accessToken,
          { name: 'lighthouses.md', content: sections.join('\n\n') },
          { accessLevel: 'private' },
        );
        harbour = await ingest(
          t,
          admin.accessToken,
          { name: 'harbour.txt', content: 'The harbour has one small lighthouse.' },
          { accessLevel: 'private' },
        );
      });

      it('lists each document once, by its best passage, with its three best passages best first', async () => {
        const response = await searchAs(world, world.admin, 'lighthouse', { type: 'keyword' }).expect(200);

        expect(response.body).toMatchObject({ group: 'document', total: 2 });
        const hits: SearchHit[] = response.body.results;
        expect(hits.map((hit) => hit.documentId)).toEqual([lighthouses.id, harbour.id]);
        const [best] = hits;
        expect(best!.passages!.map((passage) => passage.position)).toEqual([
          { headingPath: ['Section 4'] },
          { headingPath: ['Section 2'] },
          { headingPath: ['Section 5'] },
        ]);
        const scores = best!.passages!.map((passage) => passage.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        expect(best).toMatchObject({ chunkId: best!.passages![0]!.chunkId, score: scores[0] });
        for (const passage of best!.passages!) {
          expect(passage.snippet.slice(passage.highlights[0]!.start, passage.highlights[0]!.end)).toBe('lighthouse');
        }
        expect(hits[1]!.passages).toHaveLength(1);
      });

      it('counts documents in the limit', async () => {
        const hits = await hitsFor(world, world.admin, 'lighthouse', { type: 'keyword', limit: 1 });

        expect(hits.map((hit) => [hit.documentId, hit.passages!.length])).toEqual([[lighthouses.id, 3]]);
      });

      it('lists every passage on its own for group passage, as chat retrieves them', async () => {
        const response = await searchAs(world, world.admin, 'lighthouse', {
          type: 'keyword',
          group: 'passage',
        }).expect(200);

        expect(response.body).toMatchObject({ group: 'passage', total: 6 });
        const hits: SearchHit[] = response.body.results;
        expect(hits.filter((hit) => hit.documentId === lighthouses.id)).toHaveLength(5);
        expect(hits.every((hit) => hit.passages === undefined)).toBe(true);
      });
    });

    it('drops hits scoring under minScore', async () => {
      const [first, second] = await hitsFor(world, world.reader, 'apple', { type: 'keyword' });
      const between = (first!.score + second!.score) / 2;

      expect(
        documentNames(await hitsFor(world, world.reader, 'apple', { type: 'keyword', minScore: between })),
      ).toEqual(['orchards.md']);
    });

    it('finds nothing for stop words alone', async () => {
      expect(await hitsFor(world, world.reader, 'the and of', { type: 'keyword' })).toEqual([]);
    });
  });

  describe('without an embedder', () => {
    it('answers semantic search with 409 and the reason', async () => {
      expectFailure(
        await searchAs(world, world.reader, 'apple', { type: 'semantic' }),
        409,
        expect.stringMatching(SEMANTIC_UNAVAILABLE),
      );
    });

    it('runs hybrid search as keyword search and says so', async () => {
      const hybrid = await searchAs(world, world.reader, 'apple', { type: 'hybrid' }).expect(200);
      const keyword = await hitsFor(world, world.reader, 'apple', { type: 'keyword' });

      expect(hybrid.body).toMatchObject({ type: 'hybrid', fallback: 'keyword' });
      expect(hybrid.body.results).toEqual(keyword);
    });

    it('keeps the retrieval order without a reranker, and /status says none is configured', async () => {
      const hits = await hitsFor(world, world.reader, 'apple', { type: 'keyword' });

      expect(hits.every((hit) => hit.rerankScore === undefined)).toBe(true);
      const status = await world.t.http().get('/status').expect(200);
      expect(status.body.components.reranker).toEqual({
        status: 'unavailable',
        message: expect.stringMatching(/^No reranker is configured/),
        disabledByConfiguration: true,
      });
    });

    it('searches hybrid by default, with 20 results at most', async () => {
      const response = await searchAs(world, world.reader, 'apple').expect(200);

      expect(response.body).toMatchObject({ type: 'hybrid', fallback: 'keyword', total: 2 });
    });
  });

  describe('access', () => {
    it("never returns another user's private document, not even when its id is asked for", async () => {
      const { reader } = world;

      expect(documentNames(await hitsFor(world, reader, 'apple cider', { type: 'keyword' }))).not.toContain(
        'diary.txt',
      );
      expect(await hitsFor(world, reader, 'cider', { type: 'keyword' })).toEqual([]);
      expect(await hitsFor(world, reader, 'cider', { type: 'keyword', documentIds: [docs.diary.id] })).toEqual([]);
      expect(await hitsFor(world, reader, 'cider', { type: 'hybrid' })).toEqual([]);
    });

    it('returns a private document to its uploader and to an administrator', async () => {
      expect(documentNames(await hitsFor(world, world.owner, 'cider', { type: 'keyword' }))).toEqual(['diary.txt']);
      expect(
        documentNames(await hitsFor(world, world.admin, 'cider', { type: 'keyword', documentIds: [docs.diary.id] })),
      ).toEqual(['diary.txt']);
    });

    it('asks for credentials', async () => {
      expectFailure(await world.t.http().post('/api/search/rag').send({ query: 'apple' }), 401);
      expectFailure(await world.t.http().get('/api/search/stats'), 401);
      expectFailure(await world.t.http().get('/api/intelligence/stats'), 401);
    });
  });

  it.each([
    ['no query', { options: { type: 'keyword' } }, /query is required/],
    ['a query that is not a string', { query: 42 }, /query is required/],
    ['an empty query', { query: '   ' }, /query must not be empty/],
    ['a query over 1000 characters', { query: 'a'.repeat(1001) }, /query must be at most 1000 characters/],
    [
      'an unknown type',
      { query: 'apple', options: { type: 'fuzzy' } },
      /type must be one of semantic, keyword, hybrid/,
    ],
    ['limit 0', { query: 'apple', options: { limit: 0 } }, /limit must be a whole number from 1 to 100/],
    ['limit 101', { query: 'apple', options: { limit: 101 } }, /limit must be a whole number from 1 to 100/],
    [
      'a document id that is not one',
      { query: 'apple', options: { documentIds: ['nope'] } },
      /documentIds must be document ids/,
    ],
    ['an unknown file type', { query: 'apple', options: { fileTypes: ['EXE'] } }, /fileTypes may only contain/],
    ['options that are not an object', { query: 'apple', options: 'keyword' }, /options must be an object/],
    ['an unknown grouping', { query: 'apple', options: { group: 'sheet' } }, /group must be one of document, passage/],
  ])('refuses %s with 400', async (_case, body, message) => {
    expectFailure(
      await callAs(world.t, world.reader.accessToken).post('/api/search/rag').send(body),
      400,
      expect.stringMatching(message),
    );
  });

  it('counts every search by type with its outcome, in the search and intelligence stats', async () => {
    const before = await searchStats(world);

    await searchAs(world, world.reader, 'apple', { type: 'keyword' }).expect(200);
    await searchAs(world, world.reader, 'apple', { type: 'hybrid' }).expect(200);
    await searchAs(world, world.reader, 'apple', { type: 'semantic' }).expect(409);
    await searchAs(world, world.reader, '', { type: 'keyword' }).expect(400);

    const after = await searchStats(world);
    expect(after.totalSearches).toBe(before.totalSearches + 3);
    expect(after.byType).toEqual({
      keyword: before.byType.keyword + 1,
      hybrid: before.byType.hybrid + 1,
      semantic: before.byType.semantic + 1,
    });
    expect(after.successRate).toBeLessThan(100);
    expect(after.averageResponseTime).toBe(await meanRecordedTookMs(world));
    expect(Date.parse(after.lastSearchAt!)).toBeGreaterThan(Date.now() - 60_000);

    const semanticFailures = after.byType.semantic;
    const succeeded = after.totalSearches - semanticFailures;
    expect(after.successRate).toBeCloseTo((succeeded / after.totalSearches) * 100, 1);

    const intelligence = await callAs(world.t, world.reader.accessToken).get('/api/intelligence/stats').expect(200);
    expect(intelligence.body).toEqual({
      success: true,
      stats: {
        totalQueries: after.totalSearches,
        searchQueries: after.totalSearches,
        chatQueries: 0,
        documentsIndexed: 4,
        averageResponseTime: after.averageResponseTime,
        successRate: after.successRate,
      },
    });
  });
});

describe('search with the local embedding model', () => {
  let model: TinyEmbeddingModel;
  let world: World;
  let diary: DocumentView;

  beforeAll(async () => {
    model = await createTinyEmbeddingModel();
    world = await startWorld({ EMBEDDINGS_MODEL_PATH: model.path });
    const { t, admin, owner } = world;
    await ingest(t, admin.accessToken, { name: 'orchards.md', content: ORCHARD });
    await ingest(t, admin.accessToken, { name: 'basket.txt', content: BASKET });
    await ingest(t, admin.accessToken, { name: 'budget.md', content: BUDGET });
    diary = await ingest(t, owner.accessToken, { name: 'diary.txt', content: DIARY }, { accessLevel: 'private' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await world.t.close();
    await model.cleanup();
  });

  it('semantic search ranks the readable chunks by cosine similarity', async () => {
    const hits = await hitsFor(world, world.reader, 'apple orchards grow apple trees', { type: 'semantic' });

    expect(documentNames(hits).sort()).toEqual(['basket.txt', 'budget.md', 'orchards.md']);
    expect(hits[0]!.documentName).toBe('orchards.md');
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
    expect(hits[0]!.score).toBeLessThanOrEqual(1.0001);
  });

  it('hybrid search fuses both rankings, each hit carrying its rank in each', async () => {
    const response = await searchAs(world, world.reader, 'apple', { type: 'hybrid' }).expect(200);
    const hits: SearchHit[] = response.body.results;

    expect(response.body).not.toHaveProperty('fallback');
    // Which document comes first depends on the tiny model's random word vectors (and on the
    // contextual headers they embed); the keyword list's first is found by both retrievers.
    expect(hits.find((hit) => hit.documentName === 'orchards.md')).toMatchObject({
      ranks: { keyword: 1, semantic: expect.any(Number) },
    });
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
    expect(hits.find((hit) => hit.documentName === 'budget.md')).toMatchObject({
      ranks: { keyword: null, semantic: expect.any(Number) },
    });
    for (const hit of hits) {
      const expected = [hit.ranks!.keyword, hit.ranks!.semantic].reduce<number>(
        (sum, rank) => sum + (rank ? 1 / (60 + rank) : 0),
        0,
      );
      expect(hit.score).toBeCloseTo(expected, 10);
    }
  });

  it.each(['semantic', 'hybrid'])("%s search never returns another user's private document", async (type) => {
    expect(documentNames(await hitsFor(world, world.reader, DIARY, { type }))).not.toContain('diary.txt');
    expect(await hitsFor(world, world.reader, DIARY, { type, documentIds: [diary.id] })).toEqual([]);
    expect(documentNames(await hitsFor(world, world.admin, DIARY, { type }))[0]).toBe('diary.txt');
    expect(documentNames(await hitsFor(world, world.owner, DIARY, { type }))[0]).toBe('diary.txt');
  });
});
