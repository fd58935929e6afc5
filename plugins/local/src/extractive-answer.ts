import type { FinishReason, GroundingPassage } from '@docent/plugin-sdk';
import { contentTerms, countTokens, splitSentences } from './text-analysis.js';

export const NO_PASSAGES_ANSWER = 'No documents were provided, so there is nothing to answer this question from.';
export const NOT_ANSWERED = 'The provided documents do not contain an answer to this question.';

/**
 * A sentence answers only when the question's key terms it holds carry at least this
 * share of their total weight. Low, because the name check (every name the question
 * capitalises must be in the sentence or its neighbours) refuses most of the questions
 * the passages do not answer; tuned on a SQuAD 2.0 sample (`npm run eval:answers`,
 * seed 1, confirmed on seed 2) as the highest share that still answers at least 85% of
 * the answerable questions. The README's Evaluation section has the trade-off.
 */
const MIN_SENTENCE_COVERAGE = 0.05;
/** ...and at least this many of the key terms: one shared word is a topic, not an answer. */
const MIN_TERMS_HELD = 2;
/** At most this many sentences make up an answer; more reads as a dump of the sources. */
const MAX_SENTENCES = 3;
/** Further sentences must score at least this share of the best one to be included. */
const SUPPORTING_SCORE_RATIO = 0.6;
/** Added to a sentence's coverage when it holds the kind of answer asked for (a date for "when"). */
const ANSWER_FORM_BONUS = 0.1;
/** Share of distinct terms two sentences must have in common to count as saying the same thing. */
const NEAR_DUPLICATE_OVERLAP = 0.8;

export interface ExtractiveAnswer {
  text: string;
  finishReason: FinishReason;
}

interface Sentence {
  text: string;
  passageNumber: number;
  /** Position across all passages, to restore the order of the sources. */
  order: number;
  terms: ReadonlySet<string>;
  /** The terms of the sentence and of its neighbours in the same passage, where a pronoun's name usually is. */
  context: ReadonlySet<string>;
}

interface ScoredSentence extends Sentence {
  score: number;
}

/** A key term of the question and how much finding it says: rarer across the passages weighs more. */
interface WeightedTerm {
  term: string;
  weight: number;
}

interface AnalysedQuestion {
  /** The content terms, without the words that only say what kind of answer is wanted. */
  terms: readonly string[];
  /** For questions whose answer has a recognisable form ("when" -> a date), that form. */
  answerForm: RegExp | undefined;
  /** Whether the question names the form outright ("what year", "how many"): an answer without it answers something else. */
  formRequired: boolean;
  /** Numbers the question names ("in 1932", "the 16th century"): a sentence about another number does not answer it. */
  numbers: readonly string[];
  /** A question about what did not happen is not answered by a sentence that negates nothing. */
  negated: boolean;
  /** The terms of the names the question capitalises ("the Treaty of Paris"): a sentence about another name does not answer it. */
  names: readonly string[];
}

/**
 * Answers a question by quoting the sentences of the passages that answer it, each
 * cited as [n] with the number of its passage. A sentence answers when it holds enough
 * of the question's key terms, weighed by how rare each is among the passages; the
 * passage as a whole does not count, so a passage that scatters the words over
 * unrelated sentences does not. It must also keep what the question pins down: its
 * numbers, its negation, and the names it capitalises (in the sentence, the ones
 * beside it, or the passage's title and headings), and an answer to "how many" or "what year" must hold a number or a year.
 * The best sentence comes first and the supporting ones follow in the order of the
 * sources; when no sentence answers, the answer says so.
 */
export function answerFromPassages(
  question: string,
  passages: readonly GroundingPassage[],
  maxTokens: number | undefined,
): ExtractiveAnswer {
  if (passages.length === 0) return fixedAnswer(NO_PASSAGES_ANSWER, maxTokens);
  let order = 0;
  const sentences = passages.flatMap((passage) => {
    const texts = splitSentences(withoutHeadings(passage.text));
    const terms = texts.map((text) => new Set(contentTerms(text)));
    const subject = subjectTerms(passage);
    return texts.map((text, index): Sentence => ({
      text,
      passageNumber: passage.number,
      order: order++,
      terms: terms[index]!,
      context: new Set([...subject, ...(terms[index - 1] ?? []), ...terms[index]!, ...(terms[index + 1] ?? [])]),
    }));
  });

  const analysed = analyseQuestion(question);
  const answering = answeringSentences(analysed, weighTerms(analysed.terms, passages), sentences);
  if (answering.length === 0) return fixedAnswer(NOT_ANSWERED, maxTokens);
  const selected = selectSentences(answering);
  // "How many" answered without a number, or "what year" without a year, answers some other question.
  if (analysed.formRequired && !selected.some((sentence) => holdsAnswerForm(analysed, sentence)))
    return fixedAnswer(NOT_ANSWERED, maxTokens);
  return composeAnswer(selected, maxTokens);
}

const HEADING_LINE = /^ {0,3}#{1,6}\s.*$/gm;

/** Headings (a chunk's "# Title" line) name the document; quoting one answers nothing. */
function withoutHeadings(text: string): string {
  return text.replace(HEADING_LINE, '');
}

/**
 * The terms of what a passage is about, its title and headings: "the Fastnet light" is
 * answered by "Its light can be seen for 27 nautical miles" under "# The Fastnet lighthouse".
 */
function subjectTerms(passage: GroundingPassage): string[] {
  const headings = passage.text.match(HEADING_LINE) ?? [];
  return contentTerms([passage.title ?? '', ...headings].join('\n'));
}

const DATE_FORM =
  /\b(1\d{3}|20\d{2})s?\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d+(st|nd|rd|th) century\b/i;
const QUANTITY_FORM =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen)\b/i;
const DATE_QUESTION = /^\s*(when|(in |during |by )?(what|which) (year|date|month|decade|century))\b/i;
const QUANTITY_QUESTION =
  /^\s*(how (many|much|long|far|old|tall|big|large|high|often)|(what|which) (percentage|percent|number|amount))\b/i;
const EXPLICIT_FORM_QUESTION =
  /^\s*((in |during |by )?(what|which) (year|date|month|decade|century|percentage|percent|number|amount)|how (many|much))\b/i;
const NEGATION = /\b(not|never|no|none|nobody|nothing|neither|nor|without)\b|n['’]t\b/i;

/** The terms of words written with a capital after the question's first word. */
function capitalisedTerms(question: string): string[] {
  const words = question.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  return words
    .slice(1)
    .filter((word) => /^\p{Lu}/u.test(word))
    .flatMap((word) => contentTerms(word));
}

function analyseQuestion(question: string): AnalysedQuestion {
  const answerForm = DATE_QUESTION.test(question)
    ? DATE_FORM
    : QUANTITY_QUESTION.test(question)
      ? QUANTITY_FORM
      : undefined;
  const terms = [...new Set(contentTerms(question.replace(DATE_QUESTION, '').replace(QUANTITY_QUESTION, '')))];
  return {
    terms,
    answerForm,
    formRequired: EXPLICIT_FORM_QUESTION.test(question),
    names: capitalisedTerms(question).filter((term) => terms.includes(term)),
    numbers: terms.filter((term) => /\p{N}/u.test(term)),
    negated: NEGATION.test(question),
  };
}

/**
 * Each term's inverse document frequency over the passages: a term every passage has
 * says little, one no passage has says the most, so a question about something the
 * passages never mention goes unanswered.
 */
function weighTerms(terms: readonly string[], passages: readonly GroundingPassage[]): WeightedTerm[] {
  const passageTerms = passages.map((passage) => new Set(contentTerms(withoutHeadings(passage.text))));
  return terms.map((term) => {
    const frequency = passageTerms.filter((found) => found.has(term)).length;
    return { term, weight: Math.log(1 + (passages.length - frequency + 0.5) / (frequency + 0.5)) };
  });
}

/** The sentences that answer the question, best first: the weighted share of its key terms, plus the answer-form bonus. */
function answeringSentences(
  question: AnalysedQuestion,
  terms: readonly WeightedTerm[],
  sentences: readonly Sentence[],
): ScoredSentence[] {
  const totalWeight = terms.reduce((total, { weight }) => total + weight, 0);
  if (totalWeight === 0) return [];
  const answering: ScoredSentence[] = [];
  for (const sentence of sentences) {
    if (!keepsConditions(question, sentence)) continue;
    const held = terms.filter(({ term }) => sentence.terms.has(term));
    const coverage = held.reduce((total, { weight }) => total + weight, 0) / totalWeight;
    if (coverage < MIN_SENTENCE_COVERAGE || held.length < Math.min(MIN_TERMS_HELD, terms.length)) continue;
    answering.push({
      ...sentence,
      score: coverage + (holdsAnswerForm(question, sentence) ? ANSWER_FORM_BONUS : 0),
    });
  }
  return answering.sort((first, second) => second.score - first.score || first.order - second.order);
}

/** Whether the sentence holds the kind of answer asked for, not counting the numbers the question itself names. */
function holdsAnswerForm({ answerForm, numbers }: AnalysedQuestion, sentence: Sentence): boolean {
  if (answerForm === undefined) return false;
  const withoutQuestionNumbers = numbers.reduce(
    (text, number) => text.replace(new RegExp(`\\b${number}\\b`, 'gi'), ' '),
    sentence.text,
  );
  return answerForm.test(withoutQuestionNumbers);
}

function keepsConditions({ numbers, negated, names }: AnalysedQuestion, sentence: Sentence): boolean {
  if (numbers.some((number) => !sentence.terms.has(number))) return false;
  // SQuAD 2.0-style unanswerable questions swap in another name; a pronoun may stand for the name, so its neighbours count.
  if (names.some((name) => !sentence.context.has(name))) return false;
  return !negated || NEGATION.test(sentence.text);
}

function selectSentences(ranked: readonly ScoredSentence[]): ScoredSentence[] {
  const [best, ...others] = ranked;
  const selected = [best!];
  for (const sentence of others) {
    if (selected.length === MAX_SENTENCES) break;
    if (sentence.score < best!.score * SUPPORTING_SCORE_RATIO) break;
    if (selected.some((chosen) => nearlySame(chosen, sentence))) continue;
    selected.push(sentence);
  }
  const [first, ...supporting] = selected;
  return [first!, ...supporting.sort((a, b) => a.order - b.order)];
}

/** Passages often repeat each other; quoting both copies adds nothing. */
function nearlySame(first: Sentence, second: Sentence): boolean {
  const shared = [...first.terms].filter((term) => second.terms.has(term)).length;
  return shared / Math.max(1, new Set([...first.terms, ...second.terms]).size) > NEAR_DUPLICATE_OVERLAP;
}

/** Each sentence with its citation before its closing punctuation, as long as the token budget allows. */
function composeAnswer(sentences: readonly Sentence[], maxTokens: number | undefined): ExtractiveAnswer {
  const cited = sentences.map(citeSentence);
  if (maxTokens === undefined) return { text: cited.join(' '), finishReason: 'stop' };

  const kept: string[] = [];
  let used = 0;
  for (const sentence of cited) {
    const tokens = countTokens(sentence);
    if (used + tokens > maxTokens) break;
    kept.push(sentence);
    used += tokens;
  }
  if (kept.length > 0) return { text: kept.join(' '), finishReason: 'stop' };
  return { text: truncateToTokens(cited[0]!, maxTokens), finishReason: 'length' };
}

function fixedAnswer(text: string, maxTokens: number | undefined): ExtractiveAnswer {
  return maxTokens === undefined || countTokens(text) <= maxTokens
    ? { text, finishReason: 'stop' }
    : { text: truncateToTokens(text, maxTokens), finishReason: 'length' };
}

function citeSentence({ text, passageNumber }: Sentence): string {
  const [, body, closing] = text.match(/^([\s\S]*?)([.!?]["')\]]*)?$/)!;
  return `${body} [${passageNumber}]${closing ?? ''}`;
}

/** The longest prefix of whole words within the budget: a cut-off answer, as a model's would be. */
function truncateToTokens(text: string, maxTokens: number): string {
  const words = text.split(' ');
  let prefix = '';
  for (const word of words) {
    const candidate = prefix === '' ? word : `${prefix} ${word}`;
    if (countTokens(candidate) > maxTokens) break;
    prefix = candidate;
  }
  return prefix;
}
