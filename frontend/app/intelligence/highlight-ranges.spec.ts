import { describe, expect, it } from '@jest/globals';
import { highlightedTerms, highlightSegments, rangesOfTerms } from './highlight-ranges';

describe('highlight segments', () => {
  it('marks the ranges and keeps the text between them', () => {
    expect(
      highlightSegments('The quick brown fox', [
        { start: 4, end: 9 },
        { start: 16, end: 19 },
      ]),
    ).toEqual([
      { text: 'The ', highlighted: false },
      { text: 'quick', highlighted: true },
      { text: ' brown ', highlighted: false },
      { text: 'fox', highlighted: true },
    ]);
  });

  it('returns the whole text unmarked without ranges', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', highlighted: false }]);
    expect(highlightSegments('', [])).toEqual([]);
  });

  it('sorts unordered ranges and merges overlapping and touching ones', () => {
    expect(
      highlightSegments('abcdefghij', [
        { start: 6, end: 8 },
        { start: 0, end: 3 },
        { start: 2, end: 5 },
        { start: 5, end: 6 },
      ]),
    ).toEqual([
      { text: 'abcdefgh', highlighted: true },
      { text: 'ij', highlighted: false },
    ]);
  });

  it('clips ranges reaching past the text and drops empty or inverted ones', () => {
    expect(
      highlightSegments('short', [
        { start: 3, end: 50 },
        { start: 2, end: 2 },
        { start: 4, end: 1 },
        { start: -4, end: 1 },
      ]),
    ).toEqual([
      { text: 's', highlighted: true },
      { text: 'ho', highlighted: false },
      { text: 'rt', highlighted: true },
    ]);
  });

  it('keeps markup in the text as text', () => {
    const segments = highlightSegments('<b>bold</b>', [{ start: 3, end: 7 }]);
    expect(segments.map((segment) => segment.text).join('')).toBe('<b>bold</b>');
    expect(segments[1]).toEqual({ text: 'bold', highlighted: true });
  });
});

describe('a passage marked like its snippet', () => {
  it('takes the marked words of the snippet once each, ignoring case', () => {
    const snippet = 'Holiday requests: each holiday needs approval';
    expect(
      highlightedTerms(snippet, [
        { start: 0, end: 7 },
        { start: 23, end: 30 },
        { start: 37, end: 45 },
      ]),
    ).toEqual(['holiday', 'approval']);
  });

  it('finds every occurrence of the words in the whole passage', () => {
    const passage = 'Holiday policy. Book a holiday early; holidays overlap.';
    expect(
      highlightSegments(passage, rangesOfTerms(passage, ['holiday'])).filter((segment) => segment.highlighted),
    ).toEqual([
      { text: 'Holiday', highlighted: true },
      { text: 'holiday', highlighted: true },
      { text: 'holiday', highlighted: true },
    ]);
    expect(rangesOfTerms(passage, ['', 'absent'])).toEqual([]);
  });
});
