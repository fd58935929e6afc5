import { describe, expect, it } from '@jest/globals';
import type { DocumentBlock, ParsedDocument, TextPosition } from '../parsing/parsed-document.js';
import { chunkDocument, type Chunk } from './chunk-document.js';

function block(text: string, position: TextPosition = {}): DocumentBlock {
  return { text, position };
}

function parsedDocument(...blocks: DocumentBlock[]): ParsedDocument {
  const text = blocks.map((each) => each.text).join('\n\n');
  return {
    type: 'TXT',
    contentType: 'text/plain',
    blocks,
    text,
    metadata: { pages: 1, words: text.split(/\s+/).filter(Boolean).length, language: 'eng' },
  };
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu'];

/** Deterministic prose: `count` sentences of 6 to 17 words. */
function sentences(count: number, seed = 1): string {
  let state = seed;
  const next = (bound: number) => (state = (state * 48271) % 2147483647) % bound;
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 6 + next(12) }, () => WORDS[next(WORDS.length)]!);
    const sentence = words.join(' ');
    return sentence[0]!.toUpperCase() + sentence.slice(1) + '.';
  }).join(' ');
}

/** Where each block lies in document.text. */
function blockRanges(document: ParsedDocument): { start: number; end: number }[] {
  let start = 0;
  return document.blocks.map((each) => {
    const range = { start, end: start + each.text.length };
    start = range.end + 2;
    return range;
  });
}

/** The invariants every chunking must keep, whatever the input. */
function expectWellFormed(document: ParsedDocument, chunks: Chunk[], size: number) {
  const ranges = blockRanges(document);
  chunks.forEach((chunk, index) => {
    expect(chunk.index).toBe(index);
    expect(document.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    expect(chunk.text.length).toBeGreaterThan(0);
    expect(chunk.text.length).toBeLessThanOrEqual(size);
    expect(chunk.text).toBe(chunk.text.trim());
    const blockIndex = ranges.findIndex((range) => range.start <= chunk.start && chunk.end <= range.end);
    // The chunk lies inside one block; a failure names the chunk.
    expect({ chunk: index, insideOneBlock: blockIndex !== -1 }).toEqual({ chunk: index, insideOneBlock: true });
    // A sheet chunk's rows are its own; everything else is the block's.
    const { row, ...blockPosition } = document.blocks[blockIndex]!.position;
    expect(chunk.position).toMatchObject(blockPosition);
    if (row === undefined) expect(chunk.position.row).toBeUndefined();
    if (index > 0) {
      expect(chunk.start).toBeGreaterThan(chunks[index - 1]!.start);
      expect(chunk.end).toBeGreaterThan(chunks[index - 1]!.end);
    }
  });
  // Nothing but whitespace is left out.
  let coveredTo = 0;
  for (const chunk of chunks) {
    expect(document.text.slice(coveredTo, chunk.start).trim()).toBe('');
    coveredTo = Math.max(coveredTo, chunk.end);
  }
  expect(document.text.slice(coveredTo).trim()).toBe('');
}

function isWhitespace(character: string | undefined): boolean {
  return character === undefined || /\s/.test(character);
}

describe('chunkDocument', () => {
  it('keeps exact offsets, sizes and block boundaries on varied input', () => {
    const document = parsedDocument(
      block(sentences(40, 3), { page: 1 }),
      block('   \n  ', { page: 2 }),
      block(`\n  ${sentences(5, 7)}\n\n${sentences(30, 11)}  \n`, { page: 3 }),
      block('Short page.', { page: 4 }),
      block(`Héllo wörld 😀 ${'naïve '.repeat(300)}終わり。次の文。${sentences(10, 13)}`, { page: 5 }),
    );
    for (const [size, overlap] of [
      [100, 0],
      [100, 49],
      [250, 60],
      [1000, 150],
      [5000, 0],
    ] as const) {
      expectWellFormed(document, chunkDocument(document, { size, overlap }), size);
    }
  });

  it('makes one chunk per block when blocks are small, even if several would fit together', () => {
    const document = parsedDocument(block('Page one.', { page: 1 }), block('Page two.', { page: 2 }));
    const chunks = chunkDocument(document);
    expect(chunks.map(({ text, position }) => ({ text, position }))).toEqual([
      { text: 'Page one.', position: { page: 1 } },
      { text: 'Page two.', position: { page: 2 } },
    ]);
  });

  it('keeps a slide and its notes apart', () => {
    const document = parsedDocument(
      block('Roadmap 2025', { slide: 1 }),
      block('Mention the budget.', { slide: 1, notes: true }),
    );
    expect(chunkDocument(document).map((chunk) => chunk.position)).toEqual([{ slide: 1 }, { slide: 1, notes: true }]);
  });

  it('skips empty and whitespace-only blocks and trims chunks while keeping offsets exact', () => {
    const document = parsedDocument(block(''), block(' \n\t '), block('  \n Hello world.  \n'));
    const chunks = chunkDocument(document);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe('Hello world.');
    expect(document.text.slice(chunks[0]!.start, chunks[0]!.end)).toBe('Hello world.');
  });

  it('gives no chunks for a document without blocks', () => {
    expect(chunkDocument(parsedDocument())).toEqual([]);
  });

  it('ends a chunk at a paragraph break before a sentence end', () => {
    const first = sentences(8, 5).slice(0, 600).trimEnd();
    const second = sentences(8, 9).slice(0, 600).trimEnd();
    const document = parsedDocument(block(`${first}\n\n${second}`));
    const chunks = chunkDocument(document, { size: 1000, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([first, second]);
  });

  it('ends a chunk at a sentence end when no paragraph break fits', () => {
    const document = parsedDocument(block(sentences(60, 17)));
    const chunks = chunkDocument(document, { size: 300, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text).toMatch(/\.$/);
  });

  it('ends a chunk between words when there is no sentence end', () => {
    const document = parsedDocument(
      block(Array.from({ length: 400 }, (_, index) => WORDS[index % WORDS.length]).join(' ')),
    );
    const chunks = chunkDocument(document, { size: 120, overlap: 30 });
    expectWellFormed(document, chunks, 120);
    for (const chunk of chunks) {
      expect(isWhitespace(document.text[chunk.start - 1])).toBe(true);
      expect(isWhitespace(document.text[chunk.end])).toBe(true);
    }
  });

  it('repeats up to `overlap` characters, from a word start, at the start of the next chunk of the same block', () => {
    const overlap = 80;
    const document = parsedDocument(block(sentences(80, 21), { page: 1 }), block(sentences(80, 23), { page: 2 }));
    const chunks = chunkDocument(document, { size: 400, overlap });
    expectWellFormed(document, chunks, 400);
    for (const [previous, next] of chunks.slice(0, -1).map((chunk, index) => [chunk, chunks[index + 1]!] as const)) {
      if (next.position.page !== previous.position.page) {
        expect(next.start).toBeGreaterThan(previous.end);
        continue;
      }
      const repeated = previous.end - next.start;
      expect(repeated).toBeGreaterThan(0);
      expect(repeated).toBeLessThanOrEqual(overlap);
      expect(isWhitespace(document.text[next.start - 1])).toBe(true);
      expect(next.text.startsWith(document.text.slice(next.start, previous.end))).toBe(true);
      expect(previous.text.endsWith(document.text.slice(next.start, previous.end))).toBe(true);
    }
  });

  it('repeats nothing without overlap', () => {
    const document = parsedDocument(block(sentences(80, 29)));
    const chunks = chunkDocument(document, { size: 300, overlap: 0 });
    for (let index = 1; index < chunks.length; index++)
      expect(chunks[index]!.start).toBeGreaterThan(chunks[index - 1]!.end);
  });

  it('cuts a single word longer than the size, and only that word', () => {
    const giant = 'x'.repeat(2500);
    const document = parsedDocument(block(`Before the giant ${giant} after it.`));
    const chunks = chunkDocument(document, { size: 1000, overlap: 0 });
    expectWellFormed(document, chunks, 1000);
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'Before the giant',
      'x'.repeat(1000),
      'x'.repeat(1000),
      `${'x'.repeat(500)} after it.`,
    ]);
  });

  it('moves on through a giant word with overlap instead of repeating the words before it', () => {
    const giant = 'y'.repeat(2500);
    const document = parsedDocument(block(`${sentences(3, 43)}   ${giant} \n ${sentences(3, 47)}`));
    const giantStart = document.text.indexOf(giant);
    const chunks = chunkDocument(document, { size: 1000, overlap: 150 });
    expectWellFormed(document, chunks, 1000);
    expect(chunks.length).toBeLessThanOrEqual(5);
    for (const chunk of chunks) {
      for (const offset of [chunk.start, chunk.end]) {
        const cutsAWord = !isWhitespace(document.text[offset - 1]) && !isWhitespace(document.text[offset]);
        if (cutsAWord) expect(offset > giantStart && offset < giantStart + giant.length).toBe(true);
      }
    }
  });

  it('never cuts between the halves of a surrogate pair', () => {
    const document = parsedDocument(block('😀'.repeat(300)));
    const chunks = chunkDocument(document, { size: 101, overlap: 0 });
    expectWellFormed(document, chunks, 101);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(document.text);
    for (const chunk of chunks)
      expect(chunk.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('carries the heading path of each section', () => {
    const document = parsedDocument(
      block(`Introduction\n\n${sentences(3, 31)}`, { headingPath: ['Guide', 'Introduction'] }),
      block(sentences(60, 37), { headingPath: ['Guide', 'Installation', 'Linux'] }),
    );
    const chunks = chunkDocument(document, { size: 300, overlap: 50 });
    expectWellFormed(document, chunks, 300);
    expect(chunks[0]!.position).toEqual({ headingPath: ['Guide', 'Introduction'] });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks.slice(1))
      expect(chunk.position).toEqual({ headingPath: ['Guide', 'Installation', 'Linux'] });
  });

  it('gives each chunk of a sheet the rows it covers and ends chunks at row ends', () => {
    const rows = Array.from(
      { length: 200 },
      (_, index) => `Name: Person ${index}; Team: Platform; Salary: ${50_000 + index}`,
    );
    const document = parsedDocument(
      block(rows.join('\n'), { sheet: 'People', row: 2 }),
      block('Total: 200', { sheet: 'Summary', row: 1 }),
    );
    const chunks = chunkDocument(document, { size: 500, overlap: 100 });
    expectWellFormed(document, chunks, 500);
    const people = chunks.filter((chunk) => chunk.position.sheet === 'People');
    expect(people[0]!.position.row).toBe(2);
    expect(people.at(-1)!.position.rowEnd).toBe(201);
    for (const chunk of people) {
      const firstRow = chunk.position.row! - 2;
      const lastRow = chunk.position.rowEnd! - 2;
      expect(chunk.text.endsWith(rows[lastRow]!)).toBe(true);
      expect(rows[firstRow]!.endsWith(chunk.text.split('\n')[0]!)).toBe(true);
    }
    for (let index = 1; index < people.length; index++) {
      expect(people[index]!.position.row).toBeLessThanOrEqual(people[index - 1]!.position.rowEnd! + 1);
    }
    expect(chunks.at(-1)!.position).toEqual({ sheet: 'Summary', row: 1, rowEnd: 1 });
  });

  it('chunks a megabyte of text completely', () => {
    const pages = Array.from({ length: 100 }, (_, index) =>
      block(`${sentences(60, index + 1)}\n\n`.repeat(2).padEnd(10_000, ' ok'), { page: index + 1 }),
    );
    const document = parsedDocument(...pages);
    expect(document.text.length).toBeGreaterThanOrEqual(1_000_000);
    const chunks = chunkDocument(document);
    expectWellFormed(document, chunks, 1000);
    expect(chunks.length).toBeGreaterThan(1000);
  });

  it('refuses a document.text that is not its blocks joined in order', () => {
    const document = { ...parsedDocument(block('First.'), block('Second.')), text: 'Second.\n\nFirst.' };
    expect(() => chunkDocument(document)).toThrow(/does not contain block 1/);
  });

  it('validates its options with a clear message', () => {
    const document = parsedDocument(block('Some text.'));
    expect(() => chunkDocument(document, { size: 99 })).toThrow(
      'Chunk size must be a whole number of at least 100 characters, got 99',
    );
    expect(() => chunkDocument(document, { size: 250.5 })).toThrow(/Chunk size must be a whole number/);
    expect(() => chunkDocument(document, { size: 200, overlap: 100 })).toThrow(
      'Chunk overlap must be a whole number from 0 to less than half the size (100), got 100',
    );
    expect(() => chunkDocument(document, { overlap: -1 })).toThrow(/Chunk overlap must be/);
    expect(() => chunkDocument(document, { size: 100, overlap: 49 })).not.toThrow();
  });

  it('uses a size of 1000 and an overlap of 150 by default', () => {
    const document = parsedDocument(block(sentences(100, 41)));
    const chunks = chunkDocument(document);
    expectWellFormed(document, chunks, 1000);
    expect(chunks.some((chunk) => chunk.text.length > 900)).toBe(true);
    for (let index = 1; index < chunks.length; index++) {
      const repeated = chunks[index - 1]!.end - chunks[index]!.start;
      expect(repeated).toBeGreaterThan(0);
      expect(repeated).toBeLessThanOrEqual(150);
    }
  });
});
