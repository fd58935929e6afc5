import type { IntelligenceStats } from '@docent/common/search';

/**
 * What the page shows when the server cannot be reached: the spec's fallback figures
 * (success rate 97.3, 2156 queries, 1432 searches, 724 chats), always labelled as samples.
 */
export const SAMPLE_INTELLIGENCE_STATS: IntelligenceStats = {
  totalQueries: 2156,
  searchQueries: 1432,
  chatQueries: 724,
  documentsIndexed: 0,
  averageResponseTime: 0,
  successRate: 97.3,
};
