import { extractText, getDocumentProxy } from 'unpdf';
import { buildParsedDocument } from './build-parsed-document.js';
import type { ParsedDocument } from './parsed-document.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';

export const PDF_ENCRYPTED = 'The PDF is encrypted';
export const PDF_DAMAGED = 'The PDF is damaged or incomplete';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** How far from the end a complete PDF has its end-of-file marker (as readers allow). */
const END_MARKER_WINDOW = 1024;
const PDFJS_ERRORS_ONLY = 0;

/** One block per page, in page order. */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedDocument> {
  // PDF.js rebuilds truncated files silently and would index part of the document.
  if (!hasEndOfFileMarker(bytes)) throw new UnreadableDocumentError(PDF_DAMAGED);
  const pages = await readPages(bytes);
  const blocks = pages.map((text, index) => ({ text, position: { page: index + 1 } }));
  return buildParsedDocument('PDF', blocks, { pages: pages.length });
}

async function readPages(bytes: Uint8Array): Promise<string[]> {
  let pdf: PdfDocument;
  try {
    // PDF.js takes ownership of (detaches) the buffer it is given; its repair warnings
    // would only repeat the reason given here.
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: PDFJS_ERRORS_ONLY });
  } catch (error) {
    throw new UnreadableDocumentError(isPasswordError(error) ? PDF_ENCRYPTED : PDF_DAMAGED);
  }
  try {
    // Refused even when PDF.js opens it with the empty password (an owner password
    // only): encrypted content is not indexed.
    if (await isEncrypted(pdf)) throw new UnreadableDocumentError(PDF_ENCRYPTED);
    return (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    throw error instanceof UnreadableDocumentError ? error : new UnreadableDocumentError(PDF_DAMAGED);
  } finally {
    await pdf.loadingTask.destroy();
  }
}

function hasEndOfFileMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-END_MARKER_WINDOW);
  return tail.includes('%%EOF', 0, 'latin1');
}

async function isEncrypted(pdf: PdfDocument): Promise<boolean> {
  const { info } = (await pdf.getMetadata()) as { info: { EncryptFilterName?: string | null } };
  return Boolean(info.EncryptFilterName);
}

function isPasswordError(error: unknown): boolean {
  return error instanceof Error && error.name === 'PasswordException';
}
