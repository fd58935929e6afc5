import { DOCUMENT_CONTENT_TYPES } from '@docent/common/documents';
import { fileTypeFromBuffer } from 'file-type';
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

const ZIP_EXTENSIONS = new Set(['zip', 'docx', 'xlsx', 'pptx']);

/** Decides the type from the bytes; the file name only tells Markdown from plain text. */
export async function detectDocumentType(bytes: Uint8Array, fileName: string): Promise<DetectedDocumentType> {
  const magic = await fileTypeFromBuffer(bytes);
  if (magic?.ext === 'pdf') return detected('PDF');
  if (magic && ZIP_EXTENSIONS.has(magic.ext)) return detectOfficeArchive(bytes);
  if (magic) return { error: UNSUPPORTED_FILE_TYPE };

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
