/** The constant of Cormack, Clarke and Büttcher's reciprocal-rank fusion: damps the weight of the very first ranks. */
export const RRF_K = 60;

export interface FusedHit {
  chunkId: string;
  score: number;
  /** 1-based rank in each list; null when the list does not hold the chunk. */
  ranks: { keyword: number | null; semantic: number | null };
}

/**
 * Reciprocal-rank fusion of two rankings: each chunk scores the sum of 1 / (k + rank)
 * over the lists that hold it. Ties keep the keyword list's order, then the semantic one's.
 */
export function fuseRankings(keyword: readonly string[], semantic: readonly string[]): FusedHit[] {
  const fused = new Map<string, FusedHit>();
  const add = (chunkIds: readonly string[], list: keyof FusedHit['ranks']) => {
    chunkIds.forEach((chunkId, index) => {
      const hit = fused.get(chunkId) ?? { chunkId, score: 0, ranks: { keyword: null, semantic: null } };
      hit.ranks[list] = index + 1;
      hit.score += 1 / (RRF_K + index + 1);
      fused.set(chunkId, hit);
    });
  };
  add(keyword, 'keyword');
  add(semantic, 'semantic');
  // Map order is insertion order and Array.prototype.sort is stable: equal scores keep it.
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
