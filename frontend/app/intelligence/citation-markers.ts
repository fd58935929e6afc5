/** A stretch of an answer: plain text, or a citation marker such as the 2 of '[2]'. */
export type AnswerPart = { kind: 'text'; text: string } | { kind: 'citation'; number: number };

const CITATION_MARKER = /\[(\d{1,3})\]/g;

/**
 * Splits an answer into text and its citation markers: '[1]', and each of '[2][3]'.
 * Only numbers in `known` (the sources the answer had) become citations; any other
 * bracketed number stays text. Runs on every streamed token, so a marker cut in half
 * ('[1') simply stays text until the rest arrives.
 */
export function splitCitations(answer: string, known: ReadonlySet<number>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let text = '';
  let cursor = 0;
  for (const match of answer.matchAll(CITATION_MARKER)) {
    const number = Number(match[1]);
    if (!known.has(number)) continue;
    text += answer.slice(cursor, match.index);
    if (text) parts.push({ kind: 'text', text });
    text = '';
    parts.push({ kind: 'citation', number });
    cursor = match.index + match[0].length;
  }
  text += answer.slice(cursor);
  if (text) parts.push({ kind: 'text', text });
  return parts;
}
