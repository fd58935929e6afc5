import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchHit } from '@docent/common/search';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TinyModelFolder } from '../../backend/src/embeddings/testing/onnx-graph.js';
import { createTinyCrossEncoder } from '../../backend/src/embeddings/testing/tiny-cross-encoder.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

/**
 * A rerank endpoint speaking the Cohere/Jina/vLLM wire format whose cross-encoder cares
 * only about harvests: a passage naming one scores 1, any other 0. Answers 500 while `down`.
 */
function harvestReranker(): { server: Server; state: { down: boolean; calls: number } } {
  const state = { down: false, calls: 0 };
  const server = createServer(async (request, response) => {
    let text = '';
    for await (const piece of request) text += String(piece);
    state.calls++;
    if (state.down) {
      response.writeHead(500).end('model not loaded');
      return;
    }
    const { documents } = JSON.parse(text) as { documents: string[] };
    const results = documents
      .map((document, index) => ({ index, relevance_score: /harvest/i.test(document) ? 1 : 0 }))
      .sort((a, b) => b.relevance_score - a.relevance_score);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
  });
  return { server, state };
}

describe('search with a rerank endpoint', () => {
  const { server, state } = harvestReranker();
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await startTestApp({ RERANKER_URL: `http://127.0.0.1:${port}/v1`, RERANKER_MODEL: 'harvest-cross-encoder' });
    admin = await signUp(t);
    await ingest(t, admin.accessToken, { name: 'orchard.txt', content: 'Apple apple apple: the apple orchard.' });
    await ingest(t, admin.accessToken, { name: 'harvest.txt', content: 'The apple harvest starts in September.' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const search = async (group: 'document' | 'passage'): Promise<SearchHit[]> =>
    (
      await callAs(t, admin.accessToken)
        .post('/api/search/rag')
        .send({ query: 'apple', options: { type: 'keyword', group } })
        .expect(200)
    ).body.results;
  const names = (hits: SearchHit[]) => hits.map((hit) => hit.documentName);
  const reranker = async () => (await t.http().get('/status').expect(200)).body.components.reranker;

  it.each(['document', 'passage'] as const)(
    "lists results in the reranker's order, each with its score beside the BM25 one (%s)",
    async (group) => {
      const hits = await search(group);

      expect(names(hits)).toEqual(['harvest.txt', 'orchard.txt']);
      expect(hits.map((hit) => hit.rerankScore)).toEqual([1, 0]);
      // BM25 alone puts the orchard, dense in "apple", first.
      expect(hits[1]!.score).toBeGreaterThan(hits[0]!.score);
      expect(await reranker()).toEqual({
        status: 'ready',
        provider: 'rerank-endpoint',
        model: 'harvest-cross-encoder',
      });
    },
  );

  it('keeps the retrieval order when the endpoint fails, says so in /status, and recovers', async () => {
    state.down = true;
    const hits = await search('document');
    state.down = false;

    expect(names(hits)).toEqual(['orchard.txt', 'harvest.txt']);
    expect(hits.every((hit) => hit.rerankScore === undefined)).toBe(true);
    expect(await reranker()).toMatchObject({
      status: 'degraded',
      message: expect.stringMatching(/could not be reranked.*HTTP 500: model not loaded/),
      lastFailureAt: expect.any(String),
    });

    expect(names(await search('document'))).toEqual(['harvest.txt', 'orchard.txt']);
    expect((await reranker()).status).toBe('ready');
  });
});

describe('search with a local cross-encoder (RERANKER_MODEL_PATH)', () => {
  let model: TinyModelFolder;
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    // Its score is how many of the query's words a passage has, stop words included, which BM25 leaves out.
    model = await createTinyCrossEncoder();
    t = await startTestApp({ RERANKER_MODEL_PATH: model.path });
    admin = await signUp(t);
    await ingest(t, admin.accessToken, { name: 'bushels.txt', content: 'Apple apple apple orchard.' });
    await ingest(t, admin.accessToken, { name: 'shed.txt', content: 'The apple is in the shed.' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await model.cleanup();
  });

  it("lists results in the cross-encoder's order, and /status shows it ready under its folder's name", async () => {
    const hits: SearchHit[] = (
      await callAs(t, admin.accessToken)
        .post('/api/search/rag')
        .send({ query: 'the apple in the orchard', options: { type: 'keyword' } })
        .expect(200)
    ).body.results;

    expect(hits.map((hit) => [hit.documentName, hit.rerankScore])).toEqual([
      ['shed.txt', 4],
      ['bushels.txt', 2],
    ]);
    // BM25 alone puts the bushels, dense in "apple" and naming the orchard, first.
    expect(hits[1]!.score).toBeGreaterThan(hits[0]!.score);
    expect((await t.http().get('/status').expect(200)).body.components.reranker).toEqual({
      status: 'ready',
      provider: 'local-onnx',
      model: 'tiny-ms-marco-cross-encoder',
    });
  });
});
