import { DOCUMENT_CONTENT_TYPES } from '@docent/common/documents';
import { hasMarkdownHeadings } from './markdown-headings.js';
import type { DocumentType } from './parsed-document.js';
import { decodeText } from './text-encoding.js';
import { readZipCentralDirectory } from './zip-central-directory.js';

export type DetectedDocumentType = { type: DocumentType; contentType: string } | { error: string };

export const UNSUPPORTED_FILE_TYPE =
  'Unsupported file type: only PDF, DOCX, XLSX, PPTX, Markdown and plain text are accepted';

/** The part that only the given Office format has, as the archive names it. */
const OFFICE_MAIN_PARTS: [string, DocumentType][] = [
  ['word/document.xml', 'DOCX'],
  ['xl/workbook.xml', 'XLSX'],
  ['ppt/presentation.xml', 'PPTX'],
];

/** ISO 32000: a PDF opens with '%PDF-' and its version. Text that merely begins with '%PDF' is text. */
const PDF_HEADER = /^%PDF-\d\.\d/;
/** A ZIP archive's first local file header, as every Office file opens. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * Decides the type from the bytes; the file name only tells Markdown from plain text.
 * Only the formats Docent parses are looked for: other formats' signatures are often a
 * few letters that text can open with ('BM' of a BMP image in 'BMP receptor', 'ID3',
 * 'solid '), and a binary file of any other format fails to decode as text anyway.
 */
export function detectDocumentType(bytes: Uint8Array, fileName: string): DetectedDocumentType {
  if (PDF_HEADER.test(new TextDecoder('latin1').decode(bytes.subarray(0, 16)))) return detected('PDF');
  if (ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte)) return detectOfficeArchive(bytes);

  const decoded = decodeText(bytes);
  if (!decoded) return { error: UNSUPPORTED_FILE_TYPE };
  const markdownName = /\.(md|markdown)$/i.test(fileName);
  return detected(markdownName || hasMarkdownHeadings(decoded.text) ? 'MD' : 'TXT');
}

function detectOfficeArchive(bytes: Uint8Array): DetectedDocumentType {
  const names = new Set(readZipCentralDirectory(bytes)?.map((entry) => entry.name));
  const match = OFFICE_MAIN_PARTS.find(([part]) => names.has(part));
  return match ? detected(match[1]) : { error: UNSUPPORTED_FILE_TYPE };
}

function detected(type: DocumentType): DetectedDocumentType {
  return { type, contentType: DOCUMENT_CONTENT_TYPES[type] };
}
