import { detectDocumentType } from './detect-document-type.js';
import { parseDocx } from './docx-parser.js';
import type { ParseLimits } from './parse-limits.js';
import type { ParseResult } from './parse-result.js';
import type { DocumentType, ParsedDocument } from './parsed-document.js';
import { parsePdf } from './pdf-parser.js';
import { parsePptx } from './pptx-parser.js';
import { parseMarkdown, parseText } from './text-parser.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';
import { parseXlsx } from './xlsx-parser.js';
import { checkZipArchive } from './zip-guard.js';

/**
 * Detects, guards and parses one file on the calling thread. A bad file gives a
 * readable reason; nothing is thrown for it. Run it through parseDocument, which puts
 * it in a worker thread with time and memory limits.
 */
export async function parseDocumentBytes(
  bytes: Uint8Array,
  fileName: string,
  limits: ParseLimits,
): Promise<ParseResult> {
  try {
    return { ok: true, document: await detectGuardAndParse(bytes, fileName, limits) };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) return { ok: false, reason: error.message };
    return { ok: false, reason: 'The file could not be read' };
  }
}

async function detectGuardAndParse(bytes: Uint8Array, fileName: string, limits: ParseLimits): Promise<ParsedDocument> {
  const detected = detectDocumentType(bytes, fileName);
  if ('error' in detected) throw new UnreadableDocumentError(detected.error);
  if (detected.type === 'DOCX' || detected.type === 'XLSX' || detected.type === 'PPTX') {
    const { refusal } = await checkZipArchive(bytes, limits);
    if (refusal) throw new UnreadableDocumentError(refusal);
  }
  return parseAs(detected.type, bytes, limits);
}

async function parseAs(type: DocumentType, bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  switch (type) {
    case 'PDF':
      return parsePdf(bytes);
    case 'DOCX':
      return parseDocx(bytes);
    case 'XLSX':
      return parseXlsx(bytes, limits.maxSpreadsheetCells);
    case 'PPTX':
      return parsePptx(bytes);
    case 'MD':
      return parseMarkdown(bytes);
    case 'TXT':
      return parseText(bytes);
    default: {
      const unhandled: never = type;
      throw new Error(`Unhandled document type ${String(unhandled)}`);
    }
  }
}
