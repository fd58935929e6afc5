import type { TextRange } from '@docent/common/search';
import { tokenize } from '../index/tokenize.js';

export const SNIPPET_LENGTH = 240;
/** How much of the window comes before the first match, so that it reads in context. */
const LEAD_IN = SNIPPET_LENGTH / 4;
const ELLIPSIS = '…';
/** Words as the original text has them: letters and digits with their combining marks, which tokenize folds away. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const ASCII_WORD = /^[a-z0-9]+$/;

export interface Snippet {
  snippet: string;
  highlights: TextRange[];
}

/**
 * About SNIPPET_LENGTH characters of `text` around the first word that matches a query
 * term, with every matching word in the window as a range. A word matches when keyword
 * search would index it as one of the query's terms: both go through `tokenize`, so case,
 * diacritics and stop words are treated alike. Without a match (a semantic hit), the
 * text's beginning.
 */
export function snippetOf(text: string, query: string): Snippet {
  const terms = new Set(tokenize(query));
  let window: TextRange | undefined;
  const highlights: TextRange[] = [];
  for (const word of text.matchAll(WORD)) {
    if (window && word.index >= window.end) break;
    if (!matchesTerm(word[0], terms)) continue;
    window ??= windowAround(text, word.index);
    if (word.index >= window.start && word.index + word[0].length <= window.end)
      highlights.push({ start: word.index, end: word.index + word[0].length });
  }
  const { start, end } = window ?? windowAround(text, 0);
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < text.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  return {
    snippet: `${prefix}${text.slice(start, end)}${suffix}`,
    highlights: highlights.map((match) => ({ start: match.start + shift, end: match.end + shift })),
  };
}

/**
 * Whether keyword search indexes `word` as one of `terms`. A lowercase ASCII word is its own
 * term (the query's terms hold no stop words or single letters): the shortcut spares most
 * words tokenize's Unicode folding, which was most of a search's snippet time.
 */
function matchesTerm(word: string, terms: ReadonlySet<string>): boolean {
  const lowercase = word.toLowerCase();
  if (ASCII_WORD.test(lowercase)) return terms.has(lowercase);
  return tokenize(word).some((term) => terms.has(term));
}

/** A window of at most SNIPPET_LENGTH characters holding `anchor`, with its cut ends moved to word boundaries. */
function windowAround(text: string, anchor: number): TextRange {
  if (text.length <= SNIPPET_LENGTH) return { start: 0, end: text.length };
  let start = Math.max(0, Math.min(anchor - LEAD_IN, text.length - SNIPPET_LENGTH));
  let end = start + SNIPPET_LENGTH;
  if (start > 0) {
    const nextSpace = text.slice(start, anchor).search(/\s/);
    if (nextSpace >= 0) start += nextSpace + 1;
  }
  if (end < text.length) {
    const lastSpace = text.slice(anchor, end).search(/\s\S*$/);
    if (lastSpace > 0) end = anchor + lastSpace;
  }
  return { start, end };
}
