import { describe, expect, it } from '@jest/globals';
import { splitCitations } from './citation-markers';

const sources = new Set([1, 2, 3]);

describe('citation markers', () => {
  it('turns [n] into a citation between the text around it', () => {
    expect(splitCitations('Paris is the capital [1].', sources)).toEqual([
      { kind: 'text', text: 'Paris is the capital ' },
      { kind: 'citation', number: 1 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads adjacent markers as separate citations', () => {
    expect(splitCitations('Both say so [2][3]', sources)).toEqual([
      { kind: 'text', text: 'Both say so ' },
      { kind: 'citation', number: 2 },
      { kind: 'citation', number: 3 },
    ]);
  });

  it('leaves numbers no source carries, other brackets and half-streamed markers as text', () => {
    expect(splitCitations('See [7] and [a] and [1', sources)).toEqual([
      { kind: 'text', text: 'See [7] and [a] and [1' },
    ]);
  });

  it('returns an answer without markers as one text part, and nothing for an empty answer', () => {
    expect(splitCitations('No sources here.', sources)).toEqual([{ kind: 'text', text: 'No sources here.' }]);
    expect(splitCitations('', sources)).toEqual([]);
  });
});
