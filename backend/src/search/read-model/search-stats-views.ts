import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { SEARCH_TYPES, type IntelligenceStats, type SearchStats, type SearchType } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { canReadEverything } from '../../documents/read-model/document-views.js';

interface SearchStatsRow {
  type: SearchType;
  searches: number | string;
  succeeded: number | string;
  took_ms: number | string;
  last_search_at: Date | string;
}

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));

/** The search and intelligence figures, from the counters SearchPerformed events keep. */
@Injectable()
export class SearchStatsViews {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async searchStats(): Promise<SearchStats> {
    const rows = await this.orm.em.fork().execute<SearchStatsRow[]>('select * from search_stats');
    const byType = Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as Record<SearchType, number>;
    let searches = 0;
    let succeeded = 0;
    let tookMs = 0;
    let lastSearchAt: Date | null = null;
    for (const row of rows) {
      byType[row.type] = Number(row.searches);
      searches += Number(row.searches);
      succeeded += Number(row.succeeded);
      tookMs += Number(row.took_ms);
      const at = new Date(row.last_search_at);
      if (!lastSearchAt || at > lastSearchAt) lastSearchAt = at;
    }
    return {
      totalSearches: searches,
      byType,
      averageResponseTime: searches > 0 ? roundTo(tookMs / searches, 1) : 0,
      successRate: searches > 0 ? roundTo((succeeded / searches) * 100, 2) : 100,
      lastSearchAt: lastSearchAt?.toISOString() ?? null,
    };
  }

  /** Chat does not exist yet: chatQueries is 0 and every query is a search until ChatAnswered events are counted here. */
  async intelligenceStats(principal: Principal): Promise<IntelligenceStats> {
    const search = await this.searchStats();
    const [indexed] = await this.orm.em.fork().execute<{ count: number | string }[]>(
      `select count(*) as count from documents where status = 'processed' and (? or access_level = 'shared' or uploaded_by = ?)`,
      [canReadEverything(principal), principal.userId],
    );
    return {
      totalQueries: search.totalSearches,
      searchQueries: search.totalSearches,
      chatQueries: 0,
      documentsIndexed: Number(indexed?.count ?? 0),
      averageResponseTime: search.averageResponseTime,
      successRate: search.successRate,
    };
  }
}
