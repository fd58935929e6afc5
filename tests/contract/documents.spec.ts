import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { pdfFixture, docxFixture } from '../../backend/src/documents/parsing/parsing-fixtures.test-utils.js';
import { callAs, signUp, type SignedIn } from './support.js';
import { ingest, processingDone, uploadAs } from './documents-support.js';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
  admin = await signUp(t);
});
afterAll(() => t.close());

describe('documents', () => {
  it('uploads, processes and lists a document', async () => {
    const response = await uploadAs(t, admin.accessToken, [
      { name: 'notes.txt', content: 'Quarterly revenue grew by twelve percent. The board approved the budget.' },
      { name: 'report.pdf', content: await pdfFixture(['First page about revenue', 'Second page about costs']) },
      { name: 'guide.docx', content: await docxFixture() },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.results.map((r: { success: boolean }) => r.success)).toEqual([true, true, true]);
    await processingDone(t);

    const list = await callAs(t, admin.accessToken).get('/api/documents').expect(200);
    expect(list.body.total).toBe(3);
    console.log(list.body.documents.map((d: any) => [d.name, d.status, d.failureReason]));
    expect(list.body.documents.map((d: { status: string }) => d.status)).toEqual(['processed', 'processed', 'processed']);
    const pdf = list.body.documents.find((d: { name: string }) => d.name === 'report.pdf');
    expect(pdf).toMatchObject({ type: 'PDF', chunks: 2, metadata: { pages: 2 } });

    const stats = await callAs(t, admin.accessToken).get('/api/documents/stats').expect(200);
    expect(stats.body.stats).toMatchObject({ totalDocuments: 3, processed: 3, processing: 0, failed: 0 });

    const preview = await callAs(t, admin.accessToken).get(`/api/documents/${pdf.id}/preview`).expect(200);
    expect(preview.body.text).toContain('Second page about costs');

    const download = await callAs(t, admin.accessToken).get(`/api/documents/${pdf.id}/download`).buffer(true).expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('report.pdf');

    await callAs(t, admin.accessToken).delete(`/api/documents/${pdf.id}`).expect(200);
    await callAs(t, admin.accessToken).get(`/api/documents/${pdf.id}`).expect(404);
  });

  it('ends an encrypted PDF failed with a reason', async () => {
    const document = await ingest(t, admin.accessToken, { name: 'empty.txt', content: '' });
    expect(document).toMatchObject({ status: 'failed' });
    console.log(document.failureReason);
  });
});
