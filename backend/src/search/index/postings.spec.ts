import { describe, expect, it } from '@jest/globals';
import { indexedText, postingsOf, queryTermHashes, termFrequencies, withPostings } from './postings.js';
import { tokenize } from './tokenize.js';

describe('keyword terms', () => {
  it('match a word in its inflections (Porter stems)', () => {
    expect(queryTermHashes('patients treated')).toEqual(queryTermHashes('patient treating'));
    expect([...termFrequencies('Connections connected connecting').entries()]).toEqual([['connect', 3]]);
  });

  it('keep numbers and words with letters beyond a-z as they are', () => {
    expect([...termFrequencies('covid19 2001 straße').keys()]).toEqual(['covid19', '2001', 'straße']);
  });

  it('list a chunk’s term keys once each, ascending, with their counts alongside', () => {
    const { termHashes, termFreqs } = postingsOf('apple orchards grow apple trees; apples');
    expect(termHashes).toEqual([...termHashes].sort((a, b) => a - b));
    expect(new Set(termHashes).size).toBe(termHashes.length);
    expect(termFreqs.reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(Math.max(...termFreqs)).toBe(3);
  });

  it('count every token in a chunk’s length, an over-long one too, though it is no term', () => {
    const encoded = 'x'.repeat(150);
    const { termFreqs, tokenCount } = postingsOf(`apple trees ${encoded} apples`);
    expect(tokenCount).toBe(tokenize(`apple trees ${encoded} apples`).length);
    expect(tokenCount).toBe(4);
    expect(termFreqs.reduce((sum, count) => sum + count, 0)).toBe(3);
  });
});

describe('a chunk with its contextual header', () => {
  const chunk = { text: 'Employees take twenty days.' };

  it('is indexed under the header as well as its text, and keeps the text alone to show', () => {
    const indexed = withPostings(chunk, 'handbook › Leave');

    expect(indexed.text).toBe(chunk.text);
    expect(indexed.header).toBe('handbook › Leave');
    expect(indexed.termHashes).toEqual(expect.arrayContaining(queryTermHashes('handbook leave employees')));
    expect(indexed.tokenCount).toBe(tokenize(indexedText(indexed)).length);
  });

  it('is indexed as its text alone without a header', () => {
    expect(withPostings(chunk, '')).toMatchObject(postingsOf(chunk.text));
    expect(indexedText({ header: '', text: chunk.text })).toBe(chunk.text);
  });
});
