/** Lucene's default English stop words: too common to tell documents apart. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
]);

const COMBINING_MARKS = /\p{M}/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /^\p{N}$/u;

/**
 * Splits text into the terms keyword search (BM25) indexes and queries: lowercased,
 * diacritics folded (so "Café" matches "cafe"), stop words and one-letter words removed.
 * Documents and queries must go through this same function.
 */
export function tokenize(text: string): string[] {
  // Lowercase first: lowercasing can itself produce combining marks (İ -> i + dot above).
  const folded = text.toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, '');
  const tokens: string[] = [];
  for (const [word] of folded.matchAll(WORD)) {
    if (isSingleCharacter(word) && !DIGIT.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    tokens.push(word);
  }
  return tokens;
}

/** One code point, which is two UTF-16 units outside the Basic Multilingual Plane. */
function isSingleCharacter(word: string): boolean {
  return word.length === 1 || (word.length === 2 && word.codePointAt(0)! > 0xffff);
}
