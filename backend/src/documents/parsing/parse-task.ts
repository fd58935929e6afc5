import { withPostings, type ChunkPostings } from '../../search/index/postings.js';
import { chunkDocument, type Chunk, type ChunkingOptions } from '../chunking/chunk-document.js';
import { chunkHeader, documentTitle } from '../chunking/chunk-header.js';
import { parseDocumentBytes } from './parse-document-bytes.js';
import type { ParseLimits } from './parse-limits.js';
import type { ParseResult } from './parse-result.js';
import type { ParsedDocument } from './parsed-document.js';

/** A document ready to index: its text and metadata, cut into chunks with their postings (the blocks are used up by chunking). */
export type PreparedDocument = Omit<ParsedDocument, 'blocks'> & {
  chunks: (Chunk & ChunkPostings & { header: string })[];
};
export type PrepareResult = { ok: true; document: PreparedDocument } | { ok: false; reason: string };

export interface ParseTask {
  bytes: Uint8Array;
  fileName: string;
  limits: ParseLimits;
  /** Given: chunk the parsed document and compute its postings (under each chunk's header) too, on the same thread. */
  chunking?: ChunkingOptions;
}

/** One task of the parse pool, run by its worker threads or, in tests from sources, on the calling thread. */
export async function runParseTask({
  bytes,
  fileName,
  limits,
  chunking,
}: ParseTask): Promise<ParseResult | PrepareResult> {
  const parsed = await parseDocumentBytes(bytes, fileName, limits);
  if (!parsed.ok || !chunking) return parsed;
  const title = documentTitle(fileName);
  const chunks = chunkDocument(parsed.document, chunking).map((chunk) =>
    withPostings(chunk, chunkHeader(title, chunk.position)),
  );
  const { blocks, ...document } = parsed.document;
  return { ok: true, document: { ...document, chunks } };
}
