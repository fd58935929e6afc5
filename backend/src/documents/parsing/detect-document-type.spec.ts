import JSZip from 'jszip';
import { describe, expect, it } from '@jest/globals';
import { detectDocumentType } from './detect-document-type.js';
import { docxFixture, pdfFixture, pptxFixture, xlsxFixture } from './parsing-fixtures.test-utils.js';

const UNSUPPORTED = {
  error: 'Unsupported file type: only PDF, DOCX, XLSX, PPTX, Markdown and plain text are accepted',
};
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('detectDocumentType', () => {
  it('tells the Office formats apart by the parts inside the archive', async () => {
    expect(await detectDocumentType(await docxFixture(), 'a.docx')).toEqual({
      type: 'DOCX',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(await detectDocumentType(await xlsxFixture(), 'a.xlsx')).toMatchObject({ type: 'XLSX' });
    expect(await detectDocumentType(await pptxFixture(), 'a.pptx')).toMatchObject({ type: 'PPTX' });
  });

  it('judges a file whose extension lies by its content', async () => {
    expect(await detectDocumentType(await pdfFixture(['Hi']), 'report.docx')).toEqual({
      type: 'PDF',
      contentType: 'application/pdf',
    });
    expect(await detectDocumentType(await xlsxFixture(), 'notes.txt')).toMatchObject({ type: 'XLSX' });
  });

  it('takes text named .md or .markdown as Markdown', async () => {
    expect(await detectDocumentType(utf8('just words'), 'README.markdown')).toEqual({
      type: 'MD',
      contentType: 'text/markdown',
    });
  });

  it('takes text that opens with a Markdown heading as Markdown whatever its name', async () => {
    expect(await detectDocumentType(utf8('# Title\n\nBody'), 'notes.txt')).toMatchObject({ type: 'MD' });
  });

  it('takes other text as plain text', async () => {
    expect(await detectDocumentType(utf8('Meeting at #3 at noon'), 'notes.md.bak')).toEqual({
      type: 'TXT',
      contentType: 'text/plain',
    });
  });

  it('refuses other formats and binary data', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const binary = new Uint8Array(256).map((_, index) => index);

    expect(await detectDocumentType(png, 'image.pdf')).toEqual(UNSUPPORTED);
    expect(await detectDocumentType(binary, 'data.txt')).toEqual(UNSUPPORTED);
  });

  it('refuses a ZIP archive that is not an Office document', async () => {
    const zip = new JSZip().file('readme.txt', 'hello');

    expect(await detectDocumentType(await zip.generateAsync({ type: 'uint8array' }), 'a.docx')).toEqual(UNSUPPORTED);
  });
});
