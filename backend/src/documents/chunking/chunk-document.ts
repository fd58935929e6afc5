import type { DocumentBlock, ParsedDocument, TextPosition } from '../parsing/parsed-document.js';

/**
 * Where a chunk sits: its block's position. In a sheet block whose position gives its
 * first row, `row` and `rowEnd` are the first and last row the chunk covers, one row a line.
 */
export interface ChunkPosition extends TextPosition {
  rowEnd?: number;
}

export interface Chunk {
  /** 0-based, in document order. */
  index: number;
  text: string;
  position: ChunkPosition;
  /** Offsets into ParsedDocument.text: `document.text.slice(start, end) === text`. */
  start: number;
  end: number;
}

export interface ChunkingOptions {
  /** The most characters in a chunk; at least 100. Default 1000. */
  size?: number;
  /** Characters of a chunk's end repeated at the start of the next chunk of the same block, rounded to whole words. Default 150. */
  overlap?: number;
}

const DEFAULT_SIZE = 1000;
const DEFAULT_OVERLAP = 150;
const MIN_SIZE = 100;

/**
 * Splits a parsed document into chunks for indexing. A chunk never spans two blocks
 * (pages, heading sections, sheets, slides and notes); inside a block it ends at the
 * best break before the size limit: a paragraph break (a row in a sheet), then a
 * sentence end, then whitespace, and inside a word only when one word exceeds the size.
 */
export function chunkDocument(document: ParsedDocument, options: ChunkingOptions = {}): Chunk[] {
  const { size, overlap } = validateOptions(options);
  const chunks: Chunk[] = [];
  let searchFrom = 0;
  document.blocks.forEach((block, blockNumber) => {
    const blockStart = document.text.indexOf(block.text, searchFrom);
    if (blockStart === -1) {
      throw new Error(
        `document.text does not contain block ${blockNumber} after offset ${searchFrom}: it must be the blocks' texts joined in order`,
      );
    }
    const blockEnd = blockStart + block.text.length;
    searchFrom = blockEnd;
    const positionOf = positioner(document.text, blockStart, block);
    for (const { start, end } of spansOf(document.text, blockStart, blockEnd, size, overlap, breaksFor(block))) {
      const text = document.text.slice(start, end);
      chunks.push({
        index: chunks.length,
        text,
        position: positionOf(start, end),
        start,
        end,
      });
    }
  });
  return chunks;
}

function validateOptions({
  size = DEFAULT_SIZE,
  overlap = DEFAULT_OVERLAP,
}: ChunkingOptions): Required<ChunkingOptions> {
  if (!Number.isInteger(size) || size < MIN_SIZE) {
    throw new RangeError(`Chunk size must be a whole number of at least ${MIN_SIZE} characters, got ${size}`);
  }
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size / 2) {
    throw new RangeError(
      `Chunk overlap must be a whole number from 0 to less than half the size (${size / 2}), got ${overlap}`,
    );
  }
  return { size, overlap };
}

interface Span {
  start: number;
  end: number;
}

/** Finds the end of a chunk at the last break of one kind in text[from, limit]. */
type BreakFinder = (text: string, from: number, limit: number) => number | undefined;

/** Lets a pattern see a little past the limit: a sentence end's following space, a blank line's indentation. */
const BREAK_LOOKAHEAD = 16;

function lastBreak(pattern: RegExp, at: 'match start' | 'match end'): BreakFinder {
  return (text, from, limit) => {
    let found: number | undefined;
    for (const match of text.slice(from, limit + BREAK_LOOKAHEAD).matchAll(pattern)) {
      const position = from + match.index + (at === 'match end' ? match[0].length : 0);
      if (position > limit) break;
      found = position;
    }
    return found;
  };
}

const paragraphBreak = lastBreak(/\n[^\S\n]*\n/g, 'match start');
const rowBreak = lastBreak(/\n/g, 'match start');
const sentenceEnd = lastBreak(/[.!?…]["'”’»)\]]*(?=\s)|[。！？]/gu, 'match end');
const whitespace = lastBreak(/\s/g, 'match start');

interface Breaks {
  /** Searched only in the second half of the size, so a chunk is never much shorter than the size. */
  preferred: BreakFinder[];
  /** Searched over the whole size before cutting inside a word. */
  last: BreakFinder;
}

function breaksFor(block: DocumentBlock): Breaks {
  // A sheet's rows are lines, and a chunk should hold whole rows.
  const structural = block.position.sheet === undefined ? paragraphBreak : rowBreak;
  return { preferred: [structural, sentenceEnd], last: whitespace };
}

/** The chunks of the block text[blockStart, blockEnd], trimmed of surrounding whitespace. */
function* spansOf(
  text: string,
  blockStart: number,
  blockEnd: number,
  size: number,
  overlap: number,
  breaks: Breaks,
): Generator<Span> {
  const contentEnd = trimEnd(text, blockStart, blockEnd);
  let start = skipWhitespace(text, blockStart, contentEnd);
  let previousEnd = start;
  while (start < contentEnd) {
    if (contentEnd - start <= size) {
      yield { start, end: contentEnd };
      return;
    }
    // Past the first character after the previous chunk, so that this one still ends beyond it once trimmed.
    const minEnd = skipWhitespace(text, previousEnd, contentEnd) + 1;
    const end = trimEnd(text, start, chunkEnd(text, start, minEnd, size, breaks));
    yield { start, end };
    previousEnd = end;
    start = overlapStart(text, start, end, overlap) ?? skipWhitespace(text, end, contentEnd);
  }
}

/**
 * Where the chunk from `start` ends: at `minEnd` or later, so that a chunk starting in the
 * previous one's overlap never ends inside it (which would repeat text without advancing).
 */
function chunkEnd(text: string, start: number, minEnd: number, size: number, breaks: Breaks): number {
  const limit = start + size;
  // Preferred breaks only past half the size, so chunks stay near the size and always end beyond the overlap.
  const preferredFrom = Math.max(start + Math.ceil(size / 2), minEnd);
  for (const find of breaks.preferred) {
    const found = find(text, preferredFrom, limit);
    if (found !== undefined) return found;
  }
  const found = breaks.last(text, Math.max(start + 1, minEnd), limit);
  if (found !== undefined) return found;
  // A single word longer than the size: cut it, but never between the halves of a surrogate pair.
  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
}

/** The first word start within the last `overlap` characters of the chunk, if any. */
function overlapStart(text: string, start: number, end: number, overlap: number): number | undefined {
  if (overlap === 0) return undefined;
  for (let position = Math.max(end - overlap, start + 1); position < end; position++) {
    if (!isWhitespace(text[position]!) && isWhitespace(text[position - 1]!)) return position;
  }
  return undefined;
}

/** Maps a chunk's span to its position: the block's, with the rows covered in a sheet. */
function positioner(
  text: string,
  blockStart: number,
  block: DocumentBlock,
): (start: number, end: number) => ChunkPosition {
  const firstRow = block.position.row;
  if (block.position.sheet === undefined || firstRow === undefined) return () => ({ ...block.position });
  // Chunk starts only increase, so rows before a chunk are counted once, from the previous start.
  let countedTo = blockStart;
  let row = firstRow;
  return (start, end) => {
    row += countLineBreaks(text, countedTo, start);
    countedTo = start;
    return { ...block.position, row, rowEnd: row + countLineBreaks(text, start, end) };
  };
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let position = from; position < to; position++) if (text.charCodeAt(position) === NEWLINE) count++;
  return count;
}

function skipWhitespace(text: string, from: number, to: number): number {
  let position = from;
  while (position < to && isWhitespace(text[position]!)) position++;
  return position;
}

function trimEnd(text: string, from: number, to: number): number {
  let position = to;
  while (position > from && isWhitespace(text[position - 1]!)) position--;
  return position;
}

const NEWLINE = 0x0a;
const WHITESPACE = /\s/;

function isWhitespace(character: string): boolean {
  return WHITESPACE.test(character);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
