/**
 * English function words, too common to tell documents apart: Lucene's default list and
 * the rest of NLTK's (Snowball's). The longer list was chosen on the tune half of SciFact's
 * development queries (see README, Search and chat); one-letter words are dropped anyway.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'about',
  'above',
  'after',
  'again',
  'against',
  'all',
  'am',
  'an',
  'and',
  'any',
  'are',
  'as',
  'at',
  'be',
  'because',
  'been',
  'before',
  'being',
  'below',
  'between',
  'both',
  'but',
  'by',
  'can',
  'did',
  'do',
  'does',
  'doing',
  'don',
  'down',
  'during',
  'each',
  'few',
  'for',
  'from',
  'further',
  'had',
  'has',
  'have',
  'having',
  'he',
  'her',
  'here',
  'hers',
  'herself',
  'him',
  'himself',
  'his',
  'how',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'itself',
  'just',
  'me',
  'more',
  'most',
  'my',
  'myself',
  'no',
  'nor',
  'not',
  'now',
  'of',
  'off',
  'on',
  'once',
  'only',
  'or',
  'other',
  'our',
  'ours',
  'ourselves',
  'out',
  'over',
  'own',
  'same',
  'she',
  'should',
  'so',
  'some',
  'such',
  'than',
  'that',
  'the',
  'their',
  'theirs',
  'them',
  'themselves',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'through',
  'to',
  'too',
  'under',
  'until',
  'up',
  'very',
  'was',
  'we',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'who',
  'whom',
  'why',
  'will',
  'with',
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
]);

const COMBINING_MARKS = /\p{M}/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /^\p{N}$/u;
const NOT_ASCII = /[^\0-\x7f]/;
const ASCII_WORD = /[a-z0-9]+/g;

/**
 * Splits text into the terms keyword search (BM25) indexes and queries: lowercased,
 * diacritics folded (so "Café" matches "cafe"), stop words and one-letter words removed.
 * Documents and queries must go through this same function.
 */
export function tokenize(text: string): string[] {
  // ASCII text has nothing to fold, and its words are [a-z0-9]+ once lowercased: the same
  // terms in a quarter less time, and most text the parse workers index is ASCII.
  if (!NOT_ASCII.test(text)) return indexableWords(text.toLowerCase().match(ASCII_WORD) ?? []);
  // Lowercase first: lowercasing can itself produce combining marks (İ -> i + dot above).
  const folded = text.toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, '');
  return indexableWords(folded.match(WORD) ?? []);
}

/** The words keyword search keeps: no stop words, and no single letters (single digits stay). */
function indexableWords(words: string[]): string[] {
  const tokens: string[] = [];
  for (const word of words) {
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
