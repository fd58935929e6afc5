import { describe, expect, it } from '@jest/globals';
import { SNIPPET_LENGTH, snippetOf } from './snippet.js';

const highlighted = ({ snippet, highlights }: ReturnType<typeof snippetOf>) =>
  highlights.map(({ start, end }) => snippet.slice(start, end));

describe('snippetOf', () => {
  it('keeps a short text whole and marks every word that is a query term', () => {
    const snippet = snippetOf('The Apple and the apples: APPLE pie.', 'apple');

    expect(snippet.snippet).toBe('The Apple and the apples: APPLE pie.');
    expect(highlighted(snippet)).toEqual(['Apple', 'APPLE']);
  });

  it('folds diacritics and ignores stop words as keyword search does', () => {
    expect(highlighted(snippetOf('Un café crème, the naïve way.', 'CAFE naive the'))).toEqual(['café', 'naïve']);
  });

  it('cuts a long text around the first match at word boundaries, marking the cuts', () => {
    const text = `${'alpha beta gamma '.repeat(30)}target word ${'delta epsilon '.repeat(30)}`;

    const snippet = snippetOf(text, 'target');

    expect(snippet.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    const [, inner] = /^…(.*)…$/s.exec(snippet.snippet)!;
    expect(
      inner!
        .split(/\s+/)
        .filter(Boolean)
        .every((word) => ['alpha', 'beta', 'gamma', 'target', 'word', 'delta', 'epsilon'].includes(word)),
    ).toBe(true);
    expect(highlighted(snippet)).toEqual(['target']);
  });

  it('starts at the beginning when nothing matches, with no highlights', () => {
    const text = 'word '.repeat(100);

    const snippet = snippetOf(text, 'absent');

    expect(snippet.snippet.startsWith('word')).toBe(true);
    expect(snippet.snippet.endsWith('…')).toBe(true);
    expect(snippet.highlights).toEqual([]);
  });
});
