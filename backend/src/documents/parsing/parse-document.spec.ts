import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { indexedText, postingsOf } from '../../search/index/postings.js';
import { parseDocument, prepareDocument } from './parse-document.js';
import {
  docxFixture,
  encryptedPdfFixture,
  hugeUsedRangeXlsxFixture,
  largeDocxFixture,
  lyingSizesDocxFixture,
  pdfFixture,
  zipBombDocxFixture,
} from './parsing-fixtures.test-utils.js';

const inThread = { runInWorker: false } as const;

describe('parseDocument on the calling thread', () => {
  it('judges a file whose extension lies by its content', async () => {
    const result = await parseDocument(await pdfFixture(['A PDF in disguise']), 'minutes.docx', inThread);

    expect(result).toMatchObject({ ok: true, document: { type: 'PDF', text: 'A PDF in disguise' } });
  });

  it('refuses a zero-byte file', async () => {
    expect(await parseDocument(new Uint8Array(0), 'empty.txt', inThread)).toEqual({
      ok: false,
      reason: 'The document contains no text',
    });
  });

  it('refuses a truncated PDF', async () => {
    const bytes = await pdfFixture(['One', 'Two']);

    expect(await parseDocument(bytes.subarray(0, bytes.length - 200), 'cut.pdf', inThread)).toEqual({
      ok: false,
      reason: 'The PDF is damaged or incomplete',
    });
  });

  it('refuses an encrypted PDF', async () => {
    expect(await parseDocument(await encryptedPdfFixture(), 'secret.pdf', inThread)).toEqual({
      ok: false,
      reason: 'The PDF is encrypted',
    });
  });

  it('refuses a zip-bomb DOCX before inflating it', async () => {
    expect(await parseDocument(await zipBombDocxFixture(20), 'bomb.docx', inThread)).toEqual({
      ok: false,
      reason: 'The archive expands too much to be safe to open (possible zip bomb)',
    });
  });

  it('refuses a DOCX whose entry inflates far beyond the size it declares', async () => {
    expect(await parseDocument(lyingSizesDocxFixture(1024, 10_000), 'liar.docx', inThread)).toEqual({
      ok: false,
      reason: 'The archive expands beyond the sizes it declares, so it is not safe to open (possible zip bomb)',
    });
  });

  it('parses a large DOCX that is honest about its sizes', async () => {
    const result = await parseDocument(await largeDocxFixture(40_000), 'large.docx', inThread);

    expect(result).toMatchObject({ ok: true, document: { type: 'DOCX', metadata: { words: 480_000 } } });
  });

  it('refuses an Office archive over the configured total size', async () => {
    const result = await parseDocument(await docxFixture(), 'big.docx', {
      ...inThread,
      limits: { maxUncompressedBytes: 1_000 },
    });

    expect(result).toEqual({
      ok: false,
      reason: 'The archive expands too much to be safe to open (possible zip bomb)',
    });
  });

  it('refuses a DOCX without any text', async () => {
    const zip = new JSZip().file('word/document.xml', '<w:document><w:body><w:p/></w:body></w:document>');

    const result = await parseDocument(await zip.generateAsync({ type: 'uint8array' }), 'blank.docx', inThread);

    expect(result).toEqual({ ok: false, reason: 'The document contains no text' });
  });

  it('parses an XLSX with a huge used range quickly', async () => {
    const started = performance.now();

    const result = await parseDocument(await hugeUsedRangeXlsxFixture(), 'sparse.xlsx', inThread);

    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result).toMatchObject({ ok: true, document: { blocks: [{ text: 'ALL: far away' }] } });
  });
});

/**
 * The worker entry only exists compiled, so these tests build the backend and call the
 * compiled parseDocument, exactly as the server runs it.
 */
describe('parseDocument in a worker thread (compiled build)', () => {
  const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  const compiledModule = new URL('../../../dist/documents/parsing/parse-document.js', import.meta.url);
  let compiledParseDocument: typeof parseDocument;
  let compiledPrepareDocument: typeof prepareDocument;

  beforeAll(async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    // Errors elsewhere in the workspace do not stop tsc -b from emitting this folder.
    spawnSync(process.execPath, [tsc, '-b'], { cwd: repositoryRoot, stdio: 'ignore' });
    expect(existsSync(new URL('parse-worker.js', compiledModule))).toBe(true);
    ({ parseDocument: compiledParseDocument, prepareDocument: compiledPrepareDocument } = (await import(
      compiledModule.href
    )) as {
      parseDocument: typeof parseDocument;
      prepareDocument: typeof prepareDocument;
    });
  }, 60_000); // tsc -b of the workspace

  it('parses a document as the calling thread would', async () => {
    const bytes = await docxFixture();

    const result = await compiledParseDocument(bytes, 'guide.docx');

    expect(result).toMatchObject({ ok: true, document: { type: 'DOCX' } });
    expect(result).toEqual(await parseDocument(bytes, 'guide.docx', inThread));
  });

  it('prepares a document, chunks and postings included, as the calling thread would', async () => {
    const bytes = await docxFixture();
    const chunking = { size: 200, overlap: 20 };

    const given = new Uint8Array(bytes);
    const result = await compiledPrepareDocument(given, 'guide.docx', chunking);

    // Moved to the worker, not copied: the caller's view is empty now.
    expect(given.byteLength).toBe(0);
    expect(result).toEqual(await prepareDocument(bytes, 'guide.docx', chunking, inThread));
    if (!result.ok) throw new Error(result.reason);
    expect(result.document).not.toHaveProperty('blocks');
    expect(result.document.chunks.length).toBeGreaterThan(0);
    for (const chunk of result.document.chunks) {
      expect(chunk.text).toBe(result.document.text.slice(chunk.start, chunk.end));
      // Indexed under its contextual header: the document's title and the headings above it.
      expect(chunk.header).toBe(['guide', ...(chunk.position.headingPath ?? [])].join(' › '));
      expect(chunk).toMatchObject(postingsOf(indexedText(chunk)));
    }
  });

  it('returns the reason for a bad file', async () => {
    expect(await compiledParseDocument(await encryptedPdfFixture(), 'secret.pdf')).toEqual({
      ok: false,
      reason: 'The PDF is encrypted',
    });
  });

  it('stops a parse that exceeds the time limit', async () => {
    const result = await compiledParseDocument(await pdfFixture(['Slow']), 'slow.pdf', { limits: { timeLimitMs: 1 } });

    expect(result).toEqual({ ok: false, reason: 'Parsing took too long' });
  });

  it('keeps parsing after a worker was stopped for taking too long', async () => {
    const slow = compiledParseDocument(await pdfFixture(['Slow']), 'slow.pdf', { limits: { timeLimitMs: 1 } });
    const next = compiledParseDocument(await docxFixture(), 'next.docx');

    expect(await slow).toEqual({ ok: false, reason: 'Parsing took too long' });
    expect(await next).toMatchObject({ ok: true, document: { type: 'DOCX' } });
  });

  it('turns running out of memory into a reason', async () => {
    const pages = Array.from({ length: 200 }, (_, index) => `Page ${index + 1} `.repeat(40));
    const result = await compiledParseDocument(await pdfFixture(pages), 'large.pdf', {
      limits: { maxOldGenerationSizeMb: 4 },
    });

    expect(result).toEqual({ ok: false, reason: 'The document needs more memory to parse than is allowed' });
  });
});
