import type { FinishReason, GroundingPassage } from '@docent/plugin-sdk';
import { contentTerms, countTokens, splitSentences } from './text-analysis.js';

export const NO_PASSAGES_ANSWER = 'No documents were provided, so there is nothing to answer this question from.';
export const NOT_ANSWERED = 'The provided documents do not contain an answer to this question.';

/** At most this many sentences make up an answer; more reads as a dump of the sources. */
const MAX_SENTENCES = 3;
/** Further sentences must score at least this share of the best one to be included. */
const SUPPORTING_SCORE_RATIO = 0.5;
/**
 * A sentence answers only when the question terms it contains carry at least half of
 * the question's total IDF weight. Terms found in no passage weigh the most, so a
 * question about something the passages never mention goes unanswered.
 */
const MIN_QUESTION_COVERAGE = 0.5;
/** Share of distinct terms two sentences must have in common to count as saying the same thing. */
const NEAR_DUPLICATE_OVERLAP = 0.8;
/** How much more a sentence scores when it holds the kind of answer asked for (a date for "when"). */
const ANSWER_FORM_BONUS = 1.5;
// BM25's usual constants: term-frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;

export interface ExtractiveAnswer {
  text: string;
  finishReason: FinishReason;
}

interface Sentence {
  text: string;
  passageNumber: number;
  /** Position across all passages, to restore the order of the sources. */
  order: number;
  terms: string[];
}

interface ScoredSentence extends Sentence {
  score: number;
}

/**
 * Answers a question by quoting the sentences of the passages that best answer it,
 * each cited as [n] with the number of its passage. Sentences are scored with BM25
 * over the given sentences, plus a bonus when a "when"/"how many" question meets a
 * date or number. The best sentence comes first and the supporting ones follow in
 * the order of the sources.
 */
export function answerFromPassages(
  question: string,
  passages: readonly GroundingPassage[],
  maxTokens: number | undefined,
): ExtractiveAnswer {
  if (passages.length === 0) return fixedAnswer(NO_PASSAGES_ANSWER, maxTokens);
  const sentences = passages
    .flatMap((passage) => splitSentences(passage.text).map((text) => ({ text, passageNumber: passage.number })))
    .map((sentence, order): Sentence => ({ ...sentence, order, terms: contentTerms(sentence.text) }));

  const relevant = scoreSentences(analyseQuestion(question), sentences);
  if (relevant.length === 0) return fixedAnswer(NOT_ANSWERED, maxTokens);

  return composeAnswer(selectSentences(relevant), maxTokens);
}

interface AnalysedQuestion {
  /** The content terms, without the words that only say what kind of answer is wanted. */
  terms: readonly string[];
  /** For questions whose answer has a recognisable form ("when" -> a date), that form. */
  answerForm: RegExp | undefined;
}

const DATE_FORM =
  /\b(1\d{3}|20\d{2})\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/i;
const DATE_QUESTION = /^\s*(when|(in )?(what|which) (year|date|month))\b/i;
const QUANTITY_QUESTION = /^\s*how (many|much|long|far|old|tall|big|large|high|often)\b/i;

function analyseQuestion(question: string): AnalysedQuestion {
  const answerForm = DATE_QUESTION.test(question) ? DATE_FORM : QUANTITY_QUESTION.test(question) ? /\d/ : undefined;
  const focus = question.replace(DATE_QUESTION, '').replace(QUANTITY_QUESTION, '');
  return { terms: [...new Set(contentTerms(focus))], answerForm };
}

function scoreSentences(
  { terms: questionTerms, answerForm }: AnalysedQuestion,
  sentences: readonly Sentence[],
): ScoredSentence[] {
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of new Set(sentence.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) => {
    const frequency = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (sentences.length - frequency + 0.5) / (frequency + 0.5));
  };
  const questionWeight = questionTerms.reduce((total, term) => total + idf(term), 0);
  const averageLength = sentences.reduce((total, sentence) => total + sentence.terms.length, 0) / sentences.length;

  const scored: ScoredSentence[] = [];
  for (const sentence of sentences) {
    let score = 0;
    let coveredWeight = 0;
    for (const term of questionTerms) {
      const frequency = sentence.terms.filter((sentenceTerm) => sentenceTerm === term).length;
      if (frequency === 0) continue;
      const lengthNorm = 1 - B + (B * sentence.terms.length) / averageLength;
      score += (idf(term) * frequency * (K1 + 1)) / (frequency + K1 * lengthNorm);
      coveredWeight += idf(term);
    }
    if (questionWeight === 0 || coveredWeight / questionWeight < MIN_QUESTION_COVERAGE) continue;
    if (answerForm?.test(sentence.text)) score *= ANSWER_FORM_BONUS;
    scored.push({ ...sentence, score });
  }
  return scored.sort((first, second) => second.score - first.score || first.order - second.order);
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
  const firstTerms = new Set(first.terms);
  const secondTerms = new Set(second.terms);
  const shared = [...firstTerms].filter((term) => secondTerms.has(term)).length;
  return shared / Math.max(1, new Set([...firstTerms, ...secondTerms]).size) > NEAR_DUPLICATE_OVERLAP;
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
