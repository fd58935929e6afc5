// Answer-quality scoring for `npm run eval:answers`, free of I/O: SQuAD-style answer
// normalisation, whether an answer holds a gold answer or abstains, the deterministic
// question sample, and the summary of a run's outcomes.

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~\u2018\u2019\u201c\u201d\u2013\u2014]/g;
const ARTICLES = /\b(a|an|the)\b/g;

/** SQuAD's official normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(text) {
  return text.toLowerCase().replace(PUNCTUATION, '').replace(ARTICLES, ' ').split(/\s+/).filter(Boolean).join(' ');
}

/**
 * Whether any gold answer appears in the answer, both normalised, as whole words:
 * "1066" is in "in 1066 the", not in "10667". Gold answers that normalise to nothing
 * ("the") count for nothing.
 */
export function containsGoldAnswer(answer, goldAnswers) {
  const haystack = ` ${normalizeAnswer(answer)} `;
  return goldAnswers.some((gold) => {
    const needle = normalizeAnswer(gold);
    return needle !== '' && haystack.includes(` ${needle} `);
  });
}

/**
 * What an answer says when the documents do not hold the answer: the server's own
 * no-passage answer, the offline model's "do not contain an answer", and the usual
 * phrasings of a model told to say so plainly. Each names the documents (or sources,
 * passages, context), so a quoted sentence such as "the treaty did not include France"
 * is not taken for one.
 */
const SOURCES = String.raw`\b(?:documents?|sources?|passages?|context|texts?)\b`;
const NOT_IN_DOCUMENTS = [
  new RegExp(
    `${SOURCES}[^.!?]{0,60}\\b(?:do|does|did)(?: not|n['’]t) (?:seem to )?(?:contain|hold|include|mention|say|provide|answer|cover|specify|state|address)\\b`,
    'i',
  ),
  new RegExp(`\\b(?:could|can)(?: not|n['’]t|not) (?:find|answer|determine|tell)\\b[^.!?]{0,80}${SOURCES}`, 'i'),
  new RegExp(`\\bno (?:information|answer|mention)\\b[^.!?]{0,80}${SOURCES}`, 'i'),
  new RegExp(
    `\\bnot (?:mentioned|covered|stated|specified|found|answered) in the (?:provided |given )?${SOURCES}`,
    'i',
  ),
  /\bnothing to answer\b/i,
];

/** Whether the answer abstains: the server marked it ungrounded, or its words say the documents do not answer. */
export function saysNotInDocuments(message) {
  if (message.grounded === false) return true;
  return NOT_IN_DOCUMENTS.some((pattern) => pattern.test(message.content ?? ''));
}

/** A small seeded generator (mulberry32): the same seed gives the same sample on every machine. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items drawn without replacement by a seeded shuffle, kept in their original order; all of them when count covers the list. */
export function sampleInOrder(items, count, seed) {
  if (count >= items.length) return [...items];
  const random = seededRandom(seed);
  const indices = items.map((_, index) => index);
  for (let index = indices.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [indices[index], indices[other]] = [indices[other], indices[index]];
  }
  return indices
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((index) => items[index]);
}

/**
 * One question's outcome. `goldDocumentId` is the document its paragraph was uploaded as;
 * `sourceIds` the documents of the retrieved passages, `citedIds` of the passages the answer cites.
 */
export function scoreAnswer({ message, sourceIds, goldDocumentId, goldAnswers }) {
  const citedIds = (message.citations ?? []).map((citation) => citation.documentId);
  return {
    goldRetrieved: sourceIds.includes(goldDocumentId),
    goldCited: citedIds.includes(goldDocumentId),
    cited: citedIds.length > 0,
    answerFound: containsGoldAnswer(message.content ?? '', goldAnswers),
    abstained: saysNotInDocuments(message),
  };
}

/** Counts over the answered questions; the share of each is over those answered (failed ones are counted apart). */
export function summarizeOutcomes(outcomes) {
  const answered = outcomes.filter((outcome) => outcome.score);
  const count = (key) => answered.filter((outcome) => outcome.score[key]).length;
  return {
    asked: outcomes.length,
    answered: answered.length,
    failed: outcomes.length - answered.length,
    goldRetrieved: count('goldRetrieved'),
    goldCited: count('goldCited'),
    cited: count('cited'),
    answerFound: count('answerFound'),
    abstained: count('abstained'),
  };
}

/** "123/200 (61.5%)"; a dash for nothing to divide by. */
export function describeShare(count, total) {
  return total === 0 ? '-' : `${count}/${total} (${((count / total) * 100).toFixed(1)}%)`;
}
