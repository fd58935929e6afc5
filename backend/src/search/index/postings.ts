import { stemmer } from 'stemmer';
import { termHash } from './term-hash.js';
import { tokenize } from './tokenize.js';

/**
 * Names the way term keys are made. It is stored with the index (search_corpus.tokenizer)
 * so a server can tell an index made another way, which keyword search would misread:
 * change it whenever `termFrequencies` or the tokenizer changes.
 */
export const KEYWORD_TOKENIZER = 'porter-stemmed-v2';

/** Porter's rules are for English words: numbers, codes and words with other letters are kept as they are. */
const PLAIN_WORD = /^[a-z]+$/;

/** Longer "words" are encoded data or noise, never something a person searches for. */
const MAX_TERM_LENGTH = 100;

/**
 * A chunk's keyword-search postings: the keys of its distinct terms and, in the same
 * order, how often each occurs, and its length in terms (as `tokenize` counts them, which
 * BM25 normalises by). Computed where the chunk is made (the parse worker), so the event
 * loop only stores them.
 */
export interface ChunkPostings {
  termHashes: number[];
  termFreqs: number[];
  tokenCount: number;
}

/**
 * The terms of a text as keyword search indexes them, with their counts: its tokens,
 * Porter-stemmed so that a query for "patients" finds "patient" (on SciFact, nDCG@10 0.655
 * unstemmed, 0.689 stemmed). Changing this changes every term key: run `npm run reindex`.
 */
export function termFrequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(text)) {
    if (token.length > MAX_TERM_LENGTH) continue;
    const term = termOf(token);
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

function termOf(token: string): string {
  return PLAIN_WORD.test(token) ? stemmer(token) : token;
}

/**
 * The term keys of the tokens met lately. Stemming and hashing were most of computing a
 * chunk's postings, and most of a text's words are ones the worker has keyed many times
 * already; the cache starts over when full, which bounds it to a few megabytes.
 */
const termKeys = new Map<string, number>();
const TERM_KEY_CACHE_SIZE = 50_000;

function termKeyOf(token: string): number {
  let key = termKeys.get(token);
  if (key === undefined) {
    if (termKeys.size === TERM_KEY_CACHE_SIZE) termKeys.clear();
    key = termHash(termOf(token));
    termKeys.set(token, key);
  }
  return key;
}

/**
 * A chunk's term keys in ascending order, each once, with their counts in the same order,
 * as the chunks table stores them, and its token count, from one tokenizing. Two terms
 * sharing a key count as one. The keys are sorted and counted in runs rather than through
 * a map: keys above 2^31 are no small integers, and a map of them was a third of the time.
 */
export function postingsOf(text: string): ChunkPostings {
  const tokens = tokenize(text);
  const keys = new Float64Array(tokens.length);
  let kept = 0;
  for (const token of tokens) if (token.length <= MAX_TERM_LENGTH) keys[kept++] = termKeyOf(token);
  // Keys are below 2^53, exact in a float64, whose typed array sorts numerically.
  const sorted = keys.subarray(0, kept).sort();
  const termHashes: number[] = [];
  const termFreqs: number[] = [];
  for (let place = 0; place < kept; place++) {
    if (place > 0 && sorted[place] === sorted[place - 1]) termFreqs[termFreqs.length - 1]!++;
    else {
      termHashes.push(sorted[place]!);
      termFreqs.push(1);
    }
  }
  return { termHashes, termFreqs, tokenCount: tokens.length };
}

/**
 * What keyword search and the embedding model read of a chunk: its contextual header (the
 * document's title and headings) above its text. Only the text is ever shown.
 */
export function indexedText({ header, text }: { header: string; text: string }): string {
  return header === '' ? text : `${header}\n\n${text}`;
}

/** A chunk ready for the index: its header and the postings of its indexed text (header and text). */
export function withPostings<Chunk extends { text: string }>(
  chunk: Chunk,
  header: string,
): Chunk & ChunkPostings & { header: string } {
  return { ...chunk, header, ...postingsOf(indexedText({ header, text: chunk.text })) };
}

/** A query's distinct indexable terms, as index keys. */
export function queryTermHashes(query: string): number[] {
  return [...new Set([...termFrequencies(query).keys()].map(termHash))];
}
