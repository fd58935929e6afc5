import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { describe, expect, it } from '@jest/globals';
import { detectDocumentType } from './detect-document-type.js';
import { bmpFixture, docxFixture, pdfFixture, pptxFixture, xlsxFixture } from './parsing-fixtures.test-utils.js';

const UNSUPPORTED = {
  error: 'Unsupported file type: only PDF, DOCX, XLSX, PPTX, Markdown and plain text are accepted',
};
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Bytes as random as an encrypted or compressed file's, the same on every run. */
function pseudoRandomBytes(length: number): Uint8Array {
  const chunks: Buffer[] = [];
  for (let index = 0; chunks.length * 32 < length; index++)
    chunks.push(createHash('sha256').update(`${index}`).digest());
  return Buffer.concat(chunks).subarray(0, length);
}

describe('detectDocumentType', () => {
  it('tells the Office formats apart by the parts inside the archive', async () => {
    expect(detectDocumentType(await docxFixture(), 'a.docx')).toEqual({
      type: 'DOCX',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(detectDocumentType(await xlsxFixture(), 'a.xlsx')).toMatchObject({ type: 'XLSX' });
    expect(detectDocumentType(await pptxFixture(), 'a.pptx')).toMatchObject({ type: 'PPTX' });
  });

  it('takes a file that opens with a PDF header for a PDF, however it is named', () => {
    expect(detectDocumentType(utf8('%PDF-1.4\n1 0 obj\n<< >>\nendobj\n'), 'notes.txt')).toMatchObject({
      type: 'PDF',
    });
  });

  it('judges a file whose extension lies by its content', async () => {
    expect(detectDocumentType(await pdfFixture(['Hi']), 'report.docx')).toEqual({
      type: 'PDF',
      contentType: 'application/pdf',
    });
    expect(detectDocumentType(await xlsxFixture(), 'notes.txt')).toMatchObject({ type: 'XLSX' });
  });

  it('takes text named .md or .markdown as Markdown', () => {
    expect(detectDocumentType(utf8('just words'), 'README.markdown')).toEqual({
      type: 'MD',
      contentType: 'text/markdown',
    });
  });

  it('takes text that opens with a Markdown heading as Markdown whatever its name', () => {
    expect(detectDocumentType(utf8('# Title\n\nBody'), 'notes.txt')).toMatchObject({ type: 'MD' });
  });

  it('takes other text as plain text', () => {
    expect(detectDocumentType(utf8('Meeting at #3 at noon'), 'notes.md.bak')).toEqual({
      type: 'TXT',
      contentType: 'text/plain',
    });
  });

  it.each([
    'BMP receptor signalling regulates bone formation.',
    'BMAL1 and CLOCK drive circadian transcription.',
    'PKA signalling in hippocampal neurons.',
    'GIFT: gamete intrafallopian transfer.',
    'ID3 regulates cell differentiation.',
    'MZF1 is a zinc finger protein.',
    'solid tumours respond to the therapy.',
    'FORMATION of trabecular bone.',
    'MAC address spoofing.',
    '%PDF files are common attachments.',
  ])('takes text that opens like a binary signature as plain text: %s', (text) => {
    expect(detectDocumentType(utf8(text), 'abstract.txt')).toEqual({ type: 'TXT', contentType: 'text/plain' });
    expect(detectDocumentType(utf8(text), 'abstract.md')).toMatchObject({ type: 'MD' });
  });

  it('refuses other formats and binary data', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const binary = new Uint8Array(256).map((_, index) => index);

    expect(detectDocumentType(png, 'image.pdf')).toEqual(UNSUPPORTED);
    expect(detectDocumentType(bmpFixture(), 'scan.txt')).toEqual(UNSUPPORTED);
    expect(detectDocumentType(binary, 'data.txt')).toEqual(UNSUPPORTED);
    expect(detectDocumentType(pseudoRandomBytes(4096), 'data.txt')).toEqual(UNSUPPORTED);
  });

  it('refuses a ZIP archive that is not an Office document', async () => {
    const zip = new JSZip().file('readme.txt', 'hello');

    expect(detectDocumentType(await zip.generateAsync({ type: 'uint8array' }), 'a.docx')).toEqual(UNSUPPORTED);
  });
});
