import type { TextRange } from '@docent/common/search';

/** A stretch of a snippet, marked when it matches a query term. */
export interface TextSegment {
  text: string;
  highlighted: boolean;
}

/**
 * Cuts `text` into plain and highlighted stretches from the server's ranges. Ranges may
 * come unsorted, overlapping or touching (merged), or reach past the text (clipped);
 * empty and inverted ones are dropped. The page renders the stretches as text nodes and
 * <mark>s, never as HTML.
 */
export function highlightSegments(text: string, ranges: readonly TextRange[]): TextSegment[] {
  const merged: TextRange[] = [];
  const usable = ranges
    .map(({ start, end }) => ({ start: Math.max(0, Math.floor(start)), end: Math.min(text.length, Math.floor(end)) }))
    .filter(({ start, end }) => Number.isFinite(start) && Number.isFinite(end) && start < end)
    .sort((a, b) => a.start - b.start);
  for (const range of usable) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }

  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const { start, end } of merged) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), highlighted: false });
    segments.push({ text: text.slice(start, end), highlighted: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), highlighted: false });
  return segments;
}

/** The words a snippet's ranges mark ('Holiday', 'office'), lower-cased and once each. */
export function highlightedTerms(snippet: string, ranges: readonly TextRange[]): string[] {
  const terms = highlightSegments(snippet, ranges)
    .filter((segment) => segment.highlighted)
    .map((segment) => segment.text.trim().toLowerCase())
    .filter((term) => term.length > 0);
  return [...new Set(terms)];
}

/**
 * Where the terms occur in a longer text (a passage whose snippet the server marked):
 * every occurrence, ignoring case. The server marks only the snippet; the whole passage
 * shows the same words marked.
 */
export function rangesOfTerms(text: string, terms: readonly string[]): TextRange[] {
  const lower = text.toLowerCase();
  return terms.flatMap((term) => {
    const ranges: TextRange[] = [];
    for (let at = lower.indexOf(term); term !== '' && at !== -1; at = lower.indexOf(term, at + term.length)) {
      ranges.push({ start: at, end: at + term.length });
    }
    return ranges;
  });
}
