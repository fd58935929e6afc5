import type { TextPosition } from '../parsing/parsed-document.js';

/** Between the title and the headings of a header, as a reader (and an embedding model) would see a breadcrumb. */
const SEPARATOR = ' › ';

/** The title a document's chunks are indexed under: its file name without the extension. */
export function documentTitle(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
}

/**
 * A chunk's contextual header: its document's title and the headings above it, indexed
 * with the chunk's text so that a chunk deep in a section is found by what the section is
 * about, though its own words never name it.
 */
export function chunkHeader(title: string, position: Pick<TextPosition, 'headingPath'>): string {
  return [title, ...(position.headingPath ?? [])].filter((part) => part !== '').join(SEPARATOR);
}
