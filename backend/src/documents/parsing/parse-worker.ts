/**
 * Worker-thread entry for the parse pool: parses one file per task. Loaded by Piscina
 * from the compiled dist/ (see parse-document.ts); a worker parses many files in turn.
 */
import { parseDocumentBytes } from './parse-document-bytes.js';
import type { ParseWorkerInput } from './parse-document.js';
import type { ParseResult } from './parse-result.js';

export default function parse({ bytes, fileName, limits }: ParseWorkerInput): Promise<ParseResult> {
  return parseDocumentBytes(bytes, fileName, limits);
}
