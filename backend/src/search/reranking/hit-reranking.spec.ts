import { describe, expect, it } from '@jest/globals';
import { HitReranking, RERANK_DEPTH } from './hit-reranking.js';
import type { Reranker } from './reranker.port.js';

interface Hit {
  id: string;
  text: string;
  rerankScore?: number;
}

const hits: Hit[] = ['alpha', 'beta', 'gamma'].map((text, index) => ({ id: String(index), text }));

/** Scores a passage by where its first letter is in the alphabet, backwards: gamma before beta before alpha. */
const alphabetical: Reranker = {
  id: 'test',
  model: 'reverse-alphabet',
  score: async (_query, passages) => passages.map((passage) => passage.charCodeAt(0)),
};

describe('reranking the best hits', () => {
  it("puts the hits in the reranker's order, each with its score", async () => {
    const reranked = await new HitReranking(alphabetical).rerank('q', hits, (hit) => hit.text);

    expect(reranked.map((hit) => [hit.text, hit.rerankScore])).toEqual([
      ['gamma', 103],
      ['beta', 98],
      ['alpha', 97],
    ]);
  });

  it('leaves the hits past the depth in their retrieval order, after the reranked ones', async () => {
    const many: Hit[] = Array.from({ length: RERANK_DEPTH + 2 }, (_, index) => ({
      id: String(index),
      text: `${index}`,
    }));
    const reverse: Reranker = {
      ...alphabetical,
      score: async (_query, passages) => passages.map((_, index) => index),
    };

    const reranked = await new HitReranking(reverse).rerank('q', many, (hit) => hit.text);

    expect(reranked.map((hit) => hit.id)).toEqual(
      [...many.slice(0, RERANK_DEPTH).reverse(), ...many.slice(RERANK_DEPTH)].map((hit) => hit.id),
    );
    expect(reranked.at(-1)).not.toHaveProperty('rerankScore');
  });

  it('changes nothing without a reranker', async () => {
    expect(await new HitReranking(null).rerank('q', hits, (hit) => hit.text)).toBe(hits);
  });

  it('keeps the retrieval order when the reranker fails, and remembers why until it works again', async () => {
    let failing = true;
    const flaky: Reranker = {
      ...alphabetical,
      score: async (query, passages) => {
        if (failing) throw new Error('connection refused');
        return alphabetical.score(query, passages);
      },
    };
    const reranking = new HitReranking(flaky);

    expect(await reranking.rerank('q', hits, (hit) => hit.text)).toEqual(hits);
    expect(reranking.lastFailure).toMatchObject({ reason: 'connection refused', at: expect.any(Date) });

    failing = false;
    await reranking.rerank('q', hits, (hit) => hit.text);
    expect(reranking.lastFailure).toBeNull();
  });

  it('counts a wrong number of scores as a failure', async () => {
    const short: Reranker = { ...alphabetical, score: async () => [1] };
    const reranking = new HitReranking(short);

    expect(await reranking.rerank('q', hits, (hit) => hit.text)).toEqual(hits);
    expect(reranking.lastFailure?.reason).toMatch(/1 scores for 3 passages/);
  });
});
