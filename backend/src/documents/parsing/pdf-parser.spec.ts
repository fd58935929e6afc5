import { describe, expect, it } from '@jest/globals';
import { encryptedPdfFixture, ownerPasswordPdfFixture, pdfFixture } from './parsing-fixtures.test-utils.js';
import { parsePdf } from './pdf-parser.js';

describe('parsePdf', () => {
  it('gives one block per page with its page number', async () => {
    const document = await parsePdf(
      await pdfFixture(['The first page talks about apples and pears.', 'The second page is about the harvest.']),
    );

    expect(document.blocks).toEqual([
      { text: 'The first page talks about apples and pears.', position: { page: 1 } },
      { text: 'The second page is about the harvest.', position: { page: 2 } },
    ]);
    expect(document.metadata).toEqual({ pages: 2, words: 15, language: 'eng' });
  });

  it('refuses a PDF that needs a password', async () => {
    await expect(parsePdf(await encryptedPdfFixture())).rejects.toThrow('The PDF is encrypted');
  });

  it('refuses an encrypted PDF even when the empty password opens it', async () => {
    await expect(parsePdf(await ownerPasswordPdfFixture())).rejects.toThrow('The PDF is encrypted');
  });

  it('refuses a truncated PDF', async () => {
    const bytes = await pdfFixture(['Some text', 'More text']);

    await expect(parsePdf(bytes.subarray(0, Math.floor(bytes.length / 2)))).rejects.toThrow(
      'The PDF is damaged or incomplete',
    );
  });

  it('refuses a PDF whose structure is garbage', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF at all\n%%EOF\n');

    await expect(parsePdf(bytes)).rejects.toThrow('The PDF is damaged or incomplete');
  });

  it('refuses a PDF without any text', async () => {
    await expect(parsePdf(await pdfFixture(['']))).rejects.toThrow('The document contains no text');
  });
});
