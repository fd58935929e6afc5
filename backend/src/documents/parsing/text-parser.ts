import { buildParsedDocument } from './build-parsed-document.js';
import { classifyMarkdownLines } from './markdown-headings.js';
import type { DocumentBlock, ParsedDocument } from './parsed-document.js';
import { decodeText, type DecodedText } from './text-encoding.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';

/** Plain text: one block per paragraph, paragraphs separated by blank lines. */
export function parseText(bytes: Uint8Array): ParsedDocument {
  const { text, encoding } = decode(bytes);
  const blocks = text
    .split(/(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)\s*/)
    .map((paragraph) => ({ text: paragraph, position: {} }));
  return buildParsedDocument('TXT', blocks, { encoding });
}

/** Markdown: one block per section, split at ATX headings, each with its heading path. */
export function parseMarkdown(bytes: Uint8Array): ParsedDocument {
  const { text, encoding } = decode(bytes);
  const blocks: DocumentBlock[] = [];
  const headingPath: { level: number; title: string }[] = [];
  let lines: string[] = [];
  const closeSection = (): void => {
    blocks.push({ text: lines.join('\n'), position: { headingPath: headingPath.map(({ title }) => title) } });
    lines = [];
  };
  for (const { line, heading } of classifyMarkdownLines(text)) {
    if (heading) {
      closeSection();
      while (headingPath.length > 0 && headingPath.at(-1)!.level >= heading.level) headingPath.pop();
      headingPath.push(heading);
    }
    lines.push(line);
  }
  closeSection();
  return buildParsedDocument('MD', blocks, { encoding });
}

function decode(bytes: Uint8Array): DecodedText {
  const decoded = decodeText(bytes);
  if (!decoded) throw new UnreadableDocumentError('The text file could not be decoded');
  return decoded;
}
