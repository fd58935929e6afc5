import { describe, expect, it } from '@jest/globals';
import { ndcgAt, recallAt, reciprocalRankAt } from './metrics.mjs';

const relevanceOf = (grades: Record<string, number>) => new Map(Object.entries(grades));

describe('retrieval metrics', () => {
  it('scores one relevant document at rank 3: MRR 1/3, nDCG 1/log2(4), full recall', () => {
    const ranked = ['a', 'b', 'c'];
    const relevance = relevanceOf({ c: 1 });

    expect(reciprocalRankAt(ranked, relevance, 10)).toBeCloseTo(1 / 3, 10);
    expect(ndcgAt(ranked, relevance, 10)).toBeCloseTo(0.5, 10);
    expect(recallAt(ranked, relevance, 100)).toBe(1);
  });

  it('gives a perfect ranking an nDCG of 1', () => {
    expect(ndcgAt(['a', 'b', 'x'], relevanceOf({ a: 2, b: 1 }), 10)).toBeCloseTo(1, 10);
  });

  it('weighs graded relevance linearly against the ideal order from the qrels', () => {
    // DCG = 1/log2(2) + 2/log2(4) = 2; ideal = 2/log2(2) + 1/log2(3) = 2.63093
    const ranked = ['b', 'x', 'a'];
    expect(ndcgAt(ranked, relevanceOf({ a: 2, b: 1 }), 10)).toBeCloseTo(0.760189, 5);
  });

  it('ignores what is ranked below the cut-off', () => {
    const ranked = [...'abcdefghij'.split(''), 'hit'];
    const relevance = relevanceOf({ hit: 1 });

    expect(ndcgAt(ranked, relevance, 10)).toBe(0);
    expect(reciprocalRankAt(ranked, relevance, 10)).toBe(0);
    expect(recallAt(ranked, relevance, 10)).toBe(0);
    expect(recallAt(ranked, relevance, 100)).toBe(1);
  });

  it('limits the ideal ranking to the cut-off when more documents are relevant', () => {
    expect(ndcgAt(['a', 'b'], relevanceOf({ a: 1, b: 1, c: 1 }), 2)).toBeCloseTo(1, 10);
  });

  it('counts the share of relevant documents found', () => {
    expect(recallAt(['a', 'x'], relevanceOf({ a: 1, b: 1 }), 100)).toBe(0.5);
  });

  it('treats a qrels grade of 0 as not relevant', () => {
    const ranked = ['a', 'b'];
    const relevance = relevanceOf({ a: 0, b: 1 });

    expect(reciprocalRankAt(ranked, relevance, 10)).toBe(0.5);
    expect(recallAt(ranked, relevance, 100)).toBe(1);
    expect(ndcgAt(ranked, relevance, 10)).toBeCloseTo(1 / Math.log2(3), 10);
  });

  it('scores 0 when nothing is found or nothing is relevant', () => {
    expect(ndcgAt([], relevanceOf({ a: 1 }), 10)).toBe(0);
    expect(reciprocalRankAt([], relevanceOf({ a: 1 }), 10)).toBe(0);
    expect(recallAt(['a'], relevanceOf({}), 100)).toBe(0);
    expect(ndcgAt(['a'], relevanceOf({ a: 0 }), 10)).toBe(0);
  });
});
