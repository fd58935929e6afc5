// Retrieval metrics as BEIR reports them (pytrec_eval's ndcg_cut, recall and recip_rank):
// `ranked` is a list of document ids, best first, each at most once; `relevance` maps a
// document id to its graded relevance from the qrels. A grade of 0 or less is not relevant.

const isRelevant = (relevance, id) => (relevance.get(id) ?? 0) > 0;

/** Discounted cumulative gain of grades in rank order: linear gain, log2(rank + 1) discount. */
function discountedGain(grades) {
  return grades.reduce((sum, grade, index) => sum + grade / Math.log2(index + 2), 0);
}

/** nDCG@k: the ranking's DCG over the best DCG the qrels allow; 0 when nothing is relevant. */
export function ndcgAt(ranked, relevance, k) {
  const gains = ranked.slice(0, k).map((id) => Math.max(0, relevance.get(id) ?? 0));
  const idealGains = [...relevance.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const ideal = discountedGain(idealGains);
  return ideal === 0 ? 0 : discountedGain(gains) / ideal;
}

/** Recall@k: the share of the relevant documents found in the first k; 0 when nothing is relevant. */
export function recallAt(ranked, relevance, k) {
  const relevantCount = [...relevance.values()].filter((grade) => grade > 0).length;
  if (relevantCount === 0) return 0;
  const found = ranked.slice(0, k).filter((id) => isRelevant(relevance, id)).length;
  return found / relevantCount;
}

/** Reciprocal rank of the first relevant document in the first k; 0 when there is none. */
export function reciprocalRankAt(ranked, relevance, k) {
  const index = ranked.slice(0, k).findIndex((id) => isRelevant(relevance, id));
  return index === -1 ? 0 : 1 / (index + 1);
}
