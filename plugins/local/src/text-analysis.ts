/**
 * Counts tokens the way the local provider reports usage: every run of letters or
 * digits is one token, and so is every other non-space character (punctuation,
 * symbols). Roughly what subword tokenizers give for English prose, and exact to
 * reproduce.
 */
export function countTokens(text: string): number {
  return text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
}

// Abbreviations whose full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'fig',
  'inc',
  'ltd',
  'co',
  'corp',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'approx',
  'ca',
  'dept',
  'u.s',
  'u.k',
]);

/**
 * Splits text into sentences at ".", "!" or "?" followed by whitespace and a capital,
 * digit or opening quote, and at blank lines and list items, without splitting after
 * common abbreviations or initials.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of text.split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)/)) {
    const flattened = block.replace(/\s+/g, ' ').trim();
    let start = 0;
    for (const boundary of flattened.matchAll(/[.!?]["')\]]*\s+(?=["'([]?[\p{Lu}\p{N}])/gu)) {
      const end = boundary.index + boundary[0].trimEnd().length;
      const lastWord = flattened
        .slice(start, end)
        .match(/([\p{L}.]+)\.$/u)?.[1]
        ?.toLowerCase();
      const isInitial = lastWord !== undefined && /^\p{L}$/u.test(lastWord);
      if (lastWord !== undefined && (ABBREVIATIONS.has(lastWord) || isInitial)) continue;
      sentences.push(flattened.slice(start, end));
      start = boundary.index + boundary[0].length;
    }
    const rest = flattened.slice(start).trim();
    if (rest !== '') sentences.push(rest);
  }
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves also tell please give describe explain us many much ' +
    // Light verbs carry little meaning in a question ("how long did it take?").
    'take took make made get got go went come came happen happened use'
  ).split(' '),
);

/** The content words of a text, lower-cased and lightly stemmed, in order. */
export function contentTerms(text: string): string[] {
  // A possessive's "s" is no word of its own: "Margaret's" is about "margaret".
  // Accents are dropped so that "Herve" meets "Hervé", as people type names without them.
  const words =
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOP_WORDS.has(word)).map(stem);
}

/**
 * A light suffix-stripping stemmer, enough for "opened", "opening" and "opens" to
 * meet "open". It keeps at least three letters of the stem so short words survive.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /^\p{N}+$/u.test(word)) return word;
  const plural = word
    .replace(/ies$/, 'y')
    .replace(/(ss|sh|ch|x|z)es$/, '$1')
    .replace(/([^s])s$/, '$1');
  const verbOrAdverb = plural.match(/^(\p{L}{3,}?)(ing|ed|ly)$/u);
  // "stopped" -> "stopp" -> "stop", "running" -> "run".
  const root = verbOrAdverb === null ? plural : verbOrAdverb[1]!.replace(/([^aeiouls])\1$/u, '$1');
  // A final "e" comes and goes with the suffix: "settle", "settled" and "settles" all meet at "settl".
  return root.length > 3 ? root.replace(/e$/, '') : root;
}
