import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentReindexer } from '../../backend/src/documents/processing/document-reindexer.service.js';
import { KEYWORD_INDEX_OUTDATED } from '../../backend/src/search/rag-engine.probe.js';
import {
  createTinyEmbeddingModel,
  type TinyEmbeddingModel,
} from '../../backend/src/embeddings/testing/tiny-onnx-model.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

let model: TinyEmbeddingModel;
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  model = await createTinyEmbeddingModel();
  t = await startTestApp({ EMBEDDINGS_MODEL_PATH: model.path });
  admin = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await model.cleanup();
});

const sql = <T>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

describe('indexing with the local ONNX embedding model', () => {
  it('embeds every chunk into the HNSW-indexed vector column and marks the document vectorized', async () => {
    const document = await ingest(t, admin.accessToken, {
      name: 'handbook.md',
      content:
        '# Leave\n\nEmployees take twenty days of leave.\n\n# Travel\n\nBook trains for trips under four hours.\n',
    });

    expect(document).toMatchObject({ status: 'processed', vectorized: true, chunks: 2 });
    const rows = await sql<{ dimensions: number; model: string; norm: number }>(
      'select embedding_dimensions as dimensions, embedding_model as model, vector_norm(embedding) as norm from document_chunks where document_id = ?',
      [document.id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ dimensions: model.dimensions, model: expect.any(String) });
      expect(row.norm).toBeCloseTo(1, 5);
    }
    const indexes = await sql<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename = 'document_chunks'`,
    );
    expect(indexes.map((index) => index.indexdef)).toContainEqual(
      expect.stringMatching(new RegExp(`USING hnsw .*vector\\(${model.dimensions}\\)`)),
    );

    const status = await t.http().get('/status').expect(200);
    expect(status.body.components['rag-engine']).toMatchObject({
      status: 'ready',
      searchTypes: ['keyword', 'semantic', 'hybrid'],
    });
  });

  it('rebuilds keyword postings and embeddings with `reindex`, recording it on each document', async () => {
    const document = await ingest(t, admin.accessToken, {
      name: 'notes.txt',
      content: 'Reindex me after a model change.',
    });
    const before = await sql<{ embedding: string }>(
      'select embedding::text from document_chunks where document_id = ?',
      [document.id],
    );

    const outcome = await t.app.get(DocumentReindexer).reindexAll();

    expect(outcome).toMatchObject({ documents: 2, vectorized: 2, failed: [] });
    const after = await sql<{ embedding: string }>(
      'select embedding::text from document_chunks where document_id = ?',
      [document.id],
    );
    expect(after).toEqual(before);
    const events = await sql<{ type: string }>(`select type from events where stream_id = ? order by version`, [
      `document-${document.id}`,
    ]);
    expect(events.at(-1)).toEqual({ type: 'DocumentVectorsRebuilt' });
    const hits = await callAs(t, admin.accessToken).get('/api/documents?hasVectors=true').expect(200);
    expect(hits.body.total).toBe(2);
  });

  it('gives chunks stored without a contextual header theirs on `reindex`, from the document name and headings', async () => {
    const document = await ingest(t, admin.accessToken, {
      name: 'expenses-policy.md',
      content: '# Meals\n\nReceipts are kept for seven years.\n',
    });
    const headers = () =>
      sql<{ header: string }>('select header from document_chunks where document_id = ?', [document.id]);
    expect(await headers()).toEqual([{ header: 'expenses-policy › Meals' }]);
    // As a chunk indexed before headers existed is stored.
    await sql(`update document_chunks set header = '' where document_id = ?`, [document.id]);

    await t.app.get(DocumentReindexer).reindexAll();

    expect(await headers()).toEqual([{ header: 'expenses-policy › Meals' }]);
    const hits = await callAs(t, admin.accessToken)
      .post('/api/search/rag')
      .send({ query: 'expenses', options: { type: 'keyword' } })
      .expect(200);
    expect(hits.body.results.map((hit: { documentName: string }) => hit.documentName)).toEqual(['expenses-policy.md']);
  });

  it('reports an index built by another tokenizer until `reindex` rebuilds it', async () => {
    await sql(`update search_corpus set tokenizer = 'plain-v0'`);
    const stale = await t.http().get('/status').expect(200);
    expect(stale.body.components['rag-engine']).toMatchObject({ status: 'degraded', message: KEYWORD_INDEX_OUTDATED });
    // A stale index is a fault to fix, not a configuration choice.
    expect(stale.body.components['rag-engine']).not.toHaveProperty('disabledByConfiguration');

    await t.app.get(DocumentReindexer).reindexAll();

    const rebuilt = await t.http().get('/status').expect(200);
    expect(rebuilt.body.components['rag-engine']).toMatchObject({ status: 'ready' });
    const hits = await callAs(t, admin.accessToken)
      .post('/api/search/rag')
      .send({ query: 'reindexing', options: { type: 'keyword' } })
      .expect(200);
    expect(hits.body.results.map((hit: { documentName: string }) => hit.documentName)).toEqual(['notes.txt']);
  });
});
