import { describe, expect, it } from '@jest/globals';
import { postingsOf, queryTermHashes, termFrequencies } from './postings.js';

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
});
