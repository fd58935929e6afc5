import type { DocumentView } from '@docent/common/documents';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfFixture } from '../../backend/src/documents/parsing/parsing-fixtures.test-utils.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest, processingDone, uploadAs } from './documents-support.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let docs: Record<'pdf' | 'notes' | 'broken' | 'private', DocumentView>;

const as = (who: SignedIn) => callAs(t, who.accessToken);
const names = (documents: DocumentView[]) => documents.map((document) => document.name).sort();

async function withRole(role: string): Promise<SignedIn> {
  const account = await signUp(t);
  await as(admin).put(`/api/users/${account.user.id}/role`).send({ role }).expect(200);
  return account;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t);
  member = await withRole('user');
  docs = {
    pdf: await ingest(t, admin.accessToken, {
      name: 'annual-report.pdf',
      content: await pdfFixture(['Revenue grew', 'Costs fell', 'Outlook']),
    }),
    notes: await ingest(t, admin.accessToken, {
      name: 'meeting-notes.md',
      content: '# Minutes\n\nThe board met on Monday.\n',
    }),
    broken: await ingest(t, admin.accessToken, { name: 'empty.txt', content: '' }),
    private: await ingest(
      t,
      member.accessToken,
      { name: 'diary.txt', content: 'My own private thoughts.' },
      { accessLevel: 'private' },
    ),
  };
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('GET /api/documents', () => {
  it("lists the spec's Document fields, newest first", async () => {
    const { body } = await as(admin).get('/api/documents').expect(200);

    expect(body).toMatchObject({ success: true, total: 4, page: 1, pageSize: 20 });
    expect(body.documents.map((document: DocumentView) => document.name)).toEqual([
      'diary.txt',
      'empty.txt',
      'meeting-notes.md',
      'annual-report.pdf',
    ]);
    expect(body.documents[3]).toEqual({
      id: docs.pdf.id,
      name: 'annual-report.pdf',
      type: 'PDF',
      size: expect.stringMatching(/^\d+\.\d KB$/),
      sizeBytes: expect.any(Number),
      status: 'processed',
      uploadedAt: expect.any(String),
      processedAt: expect.any(String),
      chunks: 3,
      vectorized: false,
      uploadedBy: { id: admin.user.id, name: admin.user.name },
      progress: null,
      failureReason: null,
      metadata: {
        pages: 3,
        words: 5,
        language: expect.any(String),
        contentType: 'application/pdf',
        category: null,
        tags: [],
        accessLevel: 'shared',
      },
    });
  });

  it.each([
    ['status=failed', ['empty.txt']],
    ['status=processed,failed&fileTypes=MD,TXT', ['diary.txt', 'empty.txt', 'meeting-notes.md']],
    ['fileTypes=PDF', ['annual-report.pdf']],
    ['search=NOTES', ['meeting-notes.md']],
    ['search=pdf', ['annual-report.pdf']],
    ['search=%25', []],
    ['sizeMin=1&sizeMax=100', ['diary.txt', 'meeting-notes.md']],
    ['sizeMax=0', ['empty.txt']],
    ['hasVectors=true', []],
    ['hasVectors=false', ['annual-report.pdf', 'diary.txt', 'empty.txt', 'meeting-notes.md']],
    ['dateFrom=2000-01-01&dateTo=2000-12-31', []],
    [
      `dateTo=${new Date().toISOString().slice(0, 10)}`,
      ['annual-report.pdf', 'diary.txt', 'empty.txt', 'meeting-notes.md'],
    ],
  ])('filters by %s', async (query, expected) => {
    const { body } = await as(admin).get(`/api/documents?${query}`).expect(200);

    expect(names(body.documents)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('filters by uploader', async () => {
    const { body } = await as(admin).get(`/api/documents?uploadedBy=${member.user.id}`).expect(200);
    expect(names(body.documents)).toEqual(['diary.txt']);
  });

  it('sorts and pages', async () => {
    const first = await as(admin).get('/api/documents?sort=name&order=asc&pageSize=3').expect(200);
    const second = await as(admin).get('/api/documents?sort=name&order=asc&pageSize=3&page=2').expect(200);

    expect(first.body.documents.map((d: DocumentView) => d.name)).toEqual([
      'annual-report.pdf',
      'diary.txt',
      'empty.txt',
    ]);
    expect(second.body.documents.map((d: DocumentView) => d.name)).toEqual(['meeting-notes.md']);
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
  });

  it.each([
    ['status=done', 'status may only contain uploading, indexing, processing, processed, failed'],
    ['fileTypes=EXE', 'fileTypes may only contain PDF, DOCX, XLSX, MD, PPTX, TXT'],
    ['pageSize=500', 'pageSize must be at most 100'],
    ['page=0', 'page must be at least 1'],
    ['sizeMin=10&sizeMax=5', 'sizeMin must not be more than sizeMax'],
    ['dateFrom=yesterday', 'dateFrom must be an ISO date or date and time'],
    ['hasVectors=maybe', 'hasVectors must be true or false'],
    ['sort=owner', 'sort must be one of name, type, size, status, chunks, uploadedAt, processedAt'],
  ])('refuses %s with 400', async (query, error) => {
    expectFailure(await as(admin).get(`/api/documents?${query}`), 400, error);
  });
});

describe('who may read what', () => {
  it("hides someone else's private document from lists, stats and every route", async () => {
    const analyst = await withRole('analyst');
    const list = await as(analyst).get('/api/documents').expect(200);
    expect(names(list.body.documents)).toEqual(['annual-report.pdf', 'empty.txt', 'meeting-notes.md']);
    expect((await as(analyst).get('/api/documents/stats').expect(200)).body.stats.totalDocuments).toBe(3);
    for (const path of ['', '/preview', '/download', '/metadata']) {
      expectFailure(await as(analyst).get(`/api/documents/${docs.private.id}${path}`), 404, 'Document not found');
    }
  });

  it('shows a private document to its uploader and to administrators', async () => {
    await as(member).get(`/api/documents/${docs.private.id}`).expect(200);
    await as(admin).get(`/api/documents/${docs.private.id}`).expect(200);
  });

  it.each([
    ['readonly', 'post', '/api/documents/upload', 'documents:upload'],
    ['analyst', 'delete', 'DOC', 'documents:delete'],
    ['user', 'post', 'DOC/reprocess', 'documents:reprocess'],
    ['analyst', 'put', 'DOC/metadata', 'documents:write'],
  ] as const)('refuses a %s the %s of %s (needs %s)', async (role, method, path, _permission) => {
    const account = await withRole(role);
    const url = path.startsWith('/') ? path : path.replace('DOC', `/api/documents/${docs.broken.id}`);
    const response = await as(account)[method](url).send({});
    expectFailure(response, 403);
    await as(admin).get(`/api/documents/${docs.broken.id}`).expect(200);
  });

  it('answers 401 without a credential', async () => {
    expectFailure(await t.http().get('/api/documents'), 401);
  });
});

describe('GET /api/documents/stats', () => {
  it('counts what the caller may read', async () => {
    const { body } = await as(admin).get('/api/documents/stats').expect(200);

    expect(body.stats).toEqual({
      totalDocuments: 4,
      processed: 3,
      processing: 0,
      failed: 1,
      totalSize: docs.pdf.sizeBytes + docs.notes.sizeBytes + docs.private.sizeBytes,
      totalChunks: docs.pdf.chunks + docs.notes.chunks + docs.private.chunks,
    });
  });
});

describe('metadata', () => {
  it('answers 404 until metadata is set, then returns what was put', async () => {
    expectFailure(
      await as(admin).get(`/api/documents/${docs.notes.id}/metadata`),
      404,
      'This document has no metadata',
    );

    const metadata = { category: 'Minutes', tags: ['board', 'board', '2026'], reviewer: 'Ada' };
    const put = await as(admin).put(`/api/documents/${docs.notes.id}/metadata`).send(metadata).expect(200);
    expect(put.body.metadata).toEqual({
      id: docs.notes.id,
      category: 'Minutes',
      tags: ['board', '2026'],
      reviewer: 'Ada',
    });
    const got = await as(admin).get(`/api/documents/${docs.notes.id}/metadata`).expect(200);
    expect(got.body.metadata).toEqual(put.body.metadata);
    const { document } = (await as(admin).get(`/api/documents/${docs.notes.id}`).expect(200)).body;
    expect(document.metadata).toMatchObject({ category: 'Minutes', tags: ['board', '2026'] });
  });

  it.each([
    [[1, 2], 'The request body must be a JSON object'],
    [{ tags: 'board' }, 'tags must be a list of strings'],
    [{ accessLevel: 'secret' }, 'accessLevel must be one of shared, private'],
    [{ notes: 'x'.repeat(20_000) }, 'Metadata must be at most 16 KB of JSON'],
  ])('refuses %j with 400', async (body, error) => {
    expectFailure(await as(admin).put(`/api/documents/${docs.notes.id}/metadata`).send(body), 400, error);
  });

  it("lets only the uploader or an administrator change a shared document's metadata, who may read it included", async () => {
    for (const change of [{ accessLevel: 'private' }, { category: 'Finance' }]) {
      const response = await as(member).put(`/api/documents/${docs.pdf.id}/metadata`).send(change);
      expectFailure(response, 403, 'You can only change documents you uploaded');
    }
    await as(member).put(`/api/documents/${docs.private.id}/metadata`).send({ category: 'Diary' }).expect(200);
  });
});

describe('preview and download', () => {
  it('pages through the extracted text', async () => {
    const first = await as(admin).get(`/api/documents/${docs.pdf.id}/preview?pageSize=1000`).expect(200);
    expect(first.body).toMatchObject({ success: true, name: 'annual-report.pdf', page: 1, pageCount: 1 });
    expect(first.body.text).toContain('Costs fell');
    expect(first.body.totalCharacters).toBe(first.body.text.length);
  });

  it('answers 409 for a document without extracted text', async () => {
    expectFailure(
      await as(admin).get(`/api/documents/${docs.broken.id}/preview`),
      409,
      'No text has been extracted from this document yet: it is Failed',
    );
  });

  it('sends the original with its content type and name', async () => {
    const response = await as(admin).get(`/api/documents/${docs.notes.id}/download`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="meeting-notes.md"; filename*=UTF-8''meeting-notes.md`,
    );
    expect(response.text).toBe('# Minutes\n\nThe board met on Monday.\n');
    // Saved, never shown or sniffed into something the browser would run.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 400 to an id that is not one', async () => {
    expectFailure(await as(admin).get('/api/documents/not-an-id'), 400, 'Document id must be an id');
  });
});

describe('reprocess', () => {
  it('answers 409 for a document that is not failed', async () => {
    expectFailure(
      await as(admin).post(`/api/documents/${docs.pdf.id}/reprocess`),
      409,
      'Only failed documents can be reprocessed; this one is Processed',
    );
  });

  it('processes a failed document again', async () => {
    const response = await as(admin).post(`/api/documents/${docs.broken.id}/reprocess`).expect(202);
    expect(response.body.document).toMatchObject({ status: 'indexing', failureReason: null });
    await processingDone(t);

    const { document } = (await as(admin).get(`/api/documents/${docs.broken.id}`).expect(200)).body;
    expect(document).toMatchObject({ status: 'failed', failureReason: 'The document contains no text' });
  });
});

describe('delete', () => {
  it('removes the document and its chunks', async () => {
    const doomed = await ingest(t, admin.accessToken, { name: 'doomed.txt', content: 'Soon gone entirely.' });
    const chunksBefore = (await as(admin).get('/api/documents/stats').expect(200)).body.stats.totalChunks;

    await as(admin).delete(`/api/documents/${doomed.id}`).expect(200);

    expectFailure(await as(admin).get(`/api/documents/${doomed.id}`), 404);
    expectFailure(await as(admin).delete(`/api/documents/${doomed.id}`), 404);
    expect((await as(admin).get('/api/documents/stats').expect(200)).body.stats.totalChunks).toBe(
      chunksBefore - doomed.chunks,
    );
    const status = await t.http().get('/status').expect(200);
    expect(status.body.components['rag-engine']).toMatchObject({ status: 'degraded', searchTypes: ['keyword'] });
  });
});

describe('POST /api/documents/upload', () => {
  it('answers a batch of uploads with one result per file', async () => {
    const response = await uploadAs(t, admin.accessToken, [
      { name: 'a.txt', content: 'First' },
      { name: 'b.txt', content: 'Second' },
    ]).expect(201);
    expect(response.body.results.map((result: { success: boolean }) => result.success)).toEqual([true, true]);
    await processingDone(t);
  });
});
