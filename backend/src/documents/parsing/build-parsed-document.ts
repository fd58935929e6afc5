import { franc } from 'franc-min';
import { DOCUMENT_CONTENT_TYPES } from '@docent/common/documents';
import type { DocumentBlock, DocumentType, ParsedDocument } from './parsed-document.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';

const LANGUAGE_SAMPLE_CHARS = 10_000;
/** Below this many characters franc's guess is noise, so the language is 'und'. */
const MIN_LANGUAGE_SAMPLE_CHARS = 50;

export const NO_TEXT = 'The document contains no text';

/**
 * Assembles a ParsedDocument from the blocks a parser found, dropping blocks without
 * text and refusing a document that has none at all.
 */
export function buildParsedDocument(
  type: DocumentType,
  blocks: DocumentBlock[],
  options: { pages?: number; encoding?: string } = {},
): ParsedDocument {
  const kept = blocks.map((block) => ({ ...block, text: block.text.trim() })).filter((block) => block.text !== '');
  if (kept.length === 0) throw new UnreadableDocumentError(NO_TEXT);
  const text = kept.map((block) => block.text).join('\n\n');
  return {
    type,
    contentType: DOCUMENT_CONTENT_TYPES[type],
    blocks: kept,
    text,
    metadata: {
      pages: options.pages ?? 1,
      words: text.match(/\S+/g)?.length ?? 0,
      language: franc(text.slice(0, LANGUAGE_SAMPLE_CHARS), { minLength: MIN_LANGUAGE_SAMPLE_CHARS }),
      ...(options.encoding ? { encoding: options.encoding } : {}),
    },
  };
}
