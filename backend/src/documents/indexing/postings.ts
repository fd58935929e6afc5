import type { Chunk } from '../chunking/chunk-document.js';
import { tokenize } from '../chunking/tokenize.js';
import { termHash } from './term-hash.js';

/** Longer "words" are encoded data or noise, never something a person searches for. */
const MAX_TERM_LENGTH = 100;

/**
 * A chunk with its keyword-search postings: the keys of its distinct terms and, in the
 * same order, how often each occurs. Computed where the chunk is made (the parse
 * worker), so the event loop only stores them.
 */
export interface IndexableChunk extends Chunk {
  termHashes: number[];
  termFreqs: number[];
}

/** The terms of a text as keyword search indexes them, with their counts. */
export function termFrequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) {
    if (term.length > MAX_TERM_LENGTH) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

export function postingsOf(text: string): Pick<IndexableChunk, 'termHashes' | 'termFreqs'> {
  const termHashes: number[] = [];
  const termFreqs: number[] = [];
  for (const [term, count] of termFrequencies(text)) {
    termHashes.push(termHash(term));
    termFreqs.push(count);
  }
  return { termHashes, termFreqs };
}

export function withPostings(chunk: Chunk): IndexableChunk {
  return { ...chunk, ...postingsOf(chunk.text) };
}

/** A query's distinct indexable terms, as index keys. */
export function queryTermHashes(query: string): number[] {
  return [...new Set([...termFrequencies(query).keys()].map(termHash))];
}
