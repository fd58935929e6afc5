import type { Stream } from 'node:stream';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  bmpFixture,
  docxFixture,
  encryptedPdfFixture,
  hugeUsedRangeXlsxFixture,
  largeDocxFixture,
  lyingSizesDocxFixture,
  pdfFixture,
  zipBombDocxFixture,
} from '../../backend/src/documents/parsing/parsing-fixtures.test-utils.js';
import { FILE_STORE, type FileStore } from '../../backend/src/documents/storage/file-store.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest, processingDone, uploadAs } from './documents-support.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

let t: TestApp;
let owner: SignedIn;
let bystander: { id: string; name: string };

const MB = 1024 * 1024;

/** Reads a response body as bytes, whatever its content type. */
function binary(response: Stream, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The document uploaded first in every run: each bad input must leave it as it was. */
async function bystanderIsUnaffected(): Promise<void> {
  const { document } = (await callAs(t, owner.accessToken).get(`/api/documents/${bystander.id}`).expect(200)).body;
  expect(document).toMatchObject({ status: 'processed', chunks: 1 });
  await t.http().get('/health').expect(200);
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  bystander = await ingest(t, owner.accessToken, {
    name: 'bystander.txt',
    content: 'A document that every bad upload must leave alone.',
  });
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('bad uploads', () => {
  it('judges a file whose extension lies by its content', async () => {
    const pdfNamedTxt = await ingest(t, owner.accessToken, {
      name: 'notes.txt',
      content: await pdfFixture(['Hidden PDF']),
    });
    expect(pdfNamedTxt).toMatchObject({ name: 'notes.txt', type: 'PDF', status: 'processed' });

    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const response = await uploadAs(t, owner.accessToken, [{ name: 'report.pdf', content: png }]);
    expectFailure(
      response,
      415,
      'Unsupported file type: only PDF, DOCX, XLSX, PPTX, Markdown and plain text are accepted',
    );
    expect(response.body.results).toEqual([
      { fileName: 'report.pdf', success: false, status: 415, error: expect.stringContaining('Unsupported file type') },
    ]);
    await bystanderIsUnaffected();
  });

  it('answers each file of a mixed request in order, each accepted one with its own document', async () => {
    const response = await uploadAs(t, owner.accessToken, [
      { name: 'first.txt', content: 'The first of three files.' },
      { name: 'picture.pdf', content: bmpFixture() },
      { name: 'third.md', content: '# Third\n\nThe last of three files.' },
    ]).expect(201);

    const results = response.body.results as { fileName: string; success: boolean; document?: { id: string } }[];
    expect(results.map((result) => [result.fileName, result.success])).toEqual([
      ['first.txt', true],
      ['picture.pdf', false],
      ['third.md', true],
    ]);
    for (const result of results.filter((each) => each.success)) {
      const { document } = (await callAs(t, owner.accessToken).get(`/api/documents/${result.document!.id}`).expect(200))
        .body;
      const { id, name, type, sizeBytes, uploadedAt, uploadedBy } = document;
      expect(result.document).toMatchObject({ id, name, type, sizeBytes, uploadedAt, uploadedBy });
      expect(document).toMatchObject({
        name: result.fileName,
        uploadedBy: { id: owner.user.id, name: owner.user.name },
      });
    }
    expect(response.body.documents).toEqual(results.filter((each) => each.success).map((each) => each.document));
    await processingDone(t);
  });

  it('accepts plain text that opens like an image signature, and still refuses a real image', async () => {
    const abstract = await ingest(t, owner.accessToken, {
      name: 'abstract.txt',
      content: 'BMP receptor signalling regulates bone formation in adult mice.',
    });
    expect(abstract).toMatchObject({ name: 'abstract.txt', type: 'TXT', status: 'processed', chunks: 1 });

    const image = await uploadAs(t, owner.accessToken, [{ name: 'scan.txt', content: bmpFixture() }]);
    expectFailure(
      image,
      415,
      'Unsupported file type: only PDF, DOCX, XLSX, PPTX, Markdown and plain text are accepted',
    );
    await bystanderIsUnaffected();
  });

  it.each([
    [
      'a truncated PDF',
      'cut.pdf',
      async () => (await pdfFixture(['One', 'Two'])).subarray(0, -200),
      'The PDF is damaged or incomplete',
    ],
    ['an encrypted PDF', 'secret.pdf', encryptedPdfFixture, 'The PDF is encrypted'],
    ['a zero-byte file', 'empty.txt', async () => new Uint8Array(0), 'The document contains no text'],
  ])('accepts %s and ends it failed with a readable reason', async (_case, name, content, reason) => {
    const document = await ingest(t, owner.accessToken, { name, content: await content() });

    expect(document).toMatchObject({ name, status: 'failed', failureReason: reason, chunks: 0 });
    await bystanderIsUnaffected();
  });

  it('ends a zip-bomb DOCX failed without inflating it', async () => {
    const document = await ingest(t, owner.accessToken, { name: 'bomb.docx', content: await zipBombDocxFixture(20) });

    expect(document).toMatchObject({
      type: 'DOCX',
      status: 'failed',
      failureReason: 'The archive expands too much to be safe to open (possible zip bomb)',
    });
    await bystanderIsUnaffected();
  });

  it('ends a DOCX whose entry inflates far beyond its declared size failed, and indexes a large honest one', async () => {
    const liar = await ingest(t, owner.accessToken, {
      name: 'liar.docx',
      content: lyingSizesDocxFixture(1024, 10_000),
    });
    expect(liar).toMatchObject({
      type: 'DOCX',
      status: 'failed',
      failureReason: 'The archive expands beyond the sizes it declares, so it is not safe to open (possible zip bomb)',
    });

    const honest = await ingest(t, owner.accessToken, { name: 'large.docx', content: await largeDocxFixture(4_000) });
    expect(honest).toMatchObject({ type: 'DOCX', status: 'processed', metadata: { words: 48_000 } });
    await bystanderIsUnaffected();
  });

  it('indexes an XLSX with a huge used range without reading its empty cells', async () => {
    const document = await ingest(t, owner.accessToken, {
      name: 'sparse.xlsx',
      content: await hugeUsedRangeXlsxFixture(),
    });

    expect(document).toMatchObject({ type: 'XLSX', status: 'processed' });
    await bystanderIsUnaffected();
  });

  it('refuses a 51 MB file with 413 and still accepts the other files of the request', async () => {
    const response = await uploadAs(t, owner.accessToken, [
      { name: 'huge.txt', content: new Uint8Array(51 * MB).fill(0x61) },
      { name: 'small.txt', content: 'Small enough to keep.' },
    ]);

    expect(response.status).toBe(201);
    expect(response.body.results).toEqual([
      { fileName: 'huge.txt', success: false, status: 413, error: 'The file is larger than the limit of 50 MB' },
      { fileName: 'small.txt', success: true, document: expect.objectContaining({ name: 'small.txt' }) },
    ]);
    const alone = await uploadAs(t, owner.accessToken, [
      { name: 'huge.txt', content: new Uint8Array(51 * MB).fill(0x61) },
    ]);
    expectFailure(alone, 413, 'The file is larger than the limit of 50 MB');
    await processingDone(t);
    await bystanderIsUnaffected();
  });

  it('refuses six files at once and keeps none of them', async () => {
    const before = (await callAs(t, owner.accessToken).get('/api/documents/stats').expect(200)).body.stats
      .totalDocuments;
    const files = Array.from({ length: 6 }, (_, index) => ({
      name: `file-${index}.txt`,
      content: `File number ${index}`,
    }));

    expectFailure(await uploadAs(t, owner.accessToken, files), 400, 'At most 5 files can be uploaded at once');
    const after = (await callAs(t, owner.accessToken).get('/api/documents/stats').expect(200)).body.stats
      .totalDocuments;
    expect(after).toBe(before);
    await bystanderIsUnaffected();
  });

  it('keeps only the last segment of a file name, without control characters', async () => {
    // Control characters other than these cannot travel in a multipart header; the unit tests of safeFileName cover them.
    const document = await ingest(t, owner.accessToken, {
      name: '../../etc/pass\u202Ewd\u2066.txt',
      content: 'Traversal attempt',
    });

    expect(document.name).toBe('passwd.txt');
    const download = await callAs(t, owner.accessToken).get(`/api/documents/${document.id}/download`).expect(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="passwd.txt"; filename*=UTF-8''passwd.txt`,
    );
    await bystanderIsUnaffected();
  });

  it('stores the same file uploaded twice once, and keeps it until its last document goes', async () => {
    const content = await docxFixture();
    const first = await ingest(t, owner.accessToken, { name: 'guide.docx', content });
    const second = await ingest(t, owner.accessToken, { name: 'guide-copy.docx', content });
    expect([first.status, second.status]).toEqual(['processed', 'processed']);
    const [{ sha256 }] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute('select sha256 from documents where id = ?', [first.id]);
    const store = t.app.get<FileStore>(FILE_STORE);

    await callAs(t, owner.accessToken).delete(`/api/documents/${first.id}`).expect(200);
    expect(await store.has(sha256)).toBe(true);
    const download = await callAs(t, owner.accessToken)
      .get(`/api/documents/${second.id}/download`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(Buffer.compare(download.body as Buffer, Buffer.from(content))).toBe(0);

    await callAs(t, owner.accessToken).delete(`/api/documents/${second.id}`).expect(200);
    expect(await store.has(sha256)).toBe(false);
    await bystanderIsUnaffected();
  });

  it('answers 400, never 500, to bodies that are not an upload', async () => {
    const asOwner = callAs(t, owner.accessToken);
    expectFailure(
      await asOwner.post('/api/documents/upload').send({ document: 'x' }),
      400,
      "Send the files as multipart/form-data in the field 'document'",
    );
    expectFailure(
      await asOwner.post('/api/documents/upload').field('note', 'no files'),
      400,
      "No file was uploaded: send the files in the multipart field 'document'",
    );
    expectFailure(
      await asOwner.post('/api/documents/upload').attach('file', Buffer.from('wrong field'), 'a.txt'),
      400,
      "Files must be sent in the field 'document'",
    );
    expectFailure(
      await asOwner
        .post('/api/documents/upload')
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="document"; filename="a.txt"\r\n\r\ncut off'),
      400,
    );
    expectFailure(
      await uploadAs(t, owner.accessToken, [{ name: 'a.txt', content: 'x' }], { accessLevel: 'secret' }),
      400,
      'accessLevel must be one of shared, private',
    );
    await bystanderIsUnaffected();
  });
});
