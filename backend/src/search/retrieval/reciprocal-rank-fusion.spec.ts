import { describe, expect, it } from '@jest/globals';
import { fuseRankings, RRF_K } from './reciprocal-rank-fusion.js';

describe('reciprocal-rank fusion', () => {
  it('sums 1 / (k + rank) over the lists holding a chunk, keeping both ranks', () => {
    const fused = fuseRankings(['a', 'b', 'c'], ['c', 'd']);

    expect(fused).toEqual([
      { chunkId: 'c', score: 1 / (RRF_K + 3) + 1 / (RRF_K + 1), ranks: { keyword: 3, semantic: 1 } },
      { chunkId: 'a', score: 1 / (RRF_K + 1), ranks: { keyword: 1, semantic: null } },
      { chunkId: 'b', score: 1 / (RRF_K + 2), ranks: { keyword: 2, semantic: null } },
      { chunkId: 'd', score: 1 / (RRF_K + 2), ranks: { keyword: null, semantic: 2 } },
    ]);
  });

  it('gives nothing for two empty lists', () => {
    expect(fuseRankings([], [])).toEqual([]);
  });
});
