import { describe, expect, it } from '@jest/globals';
import { citedSourceNumbers } from './citations.js';

describe('citedSourceNumbers', () => {
  it('reads single, adjacent and listed markers, ascending and once each', () => {
    expect(citedSourceNumbers('Paris [3]. It is large [1][3], and old [2, 1].', 3)).toEqual([1, 2, 3]);
  });

  it('leaves out numbers no source carries', () => {
    expect(citedSourceNumbers('See [0], [4] and [2].', 3)).toEqual([2]);
  });

  it('ignores brackets that are not citations', () => {
    expect(citedSourceNumbers('An array [a, b] and [1.5] and [ ]', 3)).toEqual([]);
  });
});
