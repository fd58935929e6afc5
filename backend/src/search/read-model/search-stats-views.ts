import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { MAX_SEARCH_HISTORY, SEARCH_TYPES, type SearchStats, type SearchType } from '@docent/common/search';
import { SearchRecorder } from '../commands/search-recorder.js';

interface SearchStatsRow {
  type: SearchType;
  searches: number | string;
  succeeded: number | string;
  took_ms: number | string;
  last_search_at: Date | string;
}

export interface SearchTotals {
  searches: number;
  succeeded: number;
  /** Summed over every search. */
  tookMs: number;
}

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * The search figures, from the counters SearchPerformed events keep, and each user's
 * history; searches this process made and has yet to record are recorded first.
 */
@Injectable()
export class SearchStatsViews {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly recorder: SearchRecorder,
  ) {}

  async searchStats(): Promise<SearchStats> {
    const rows = await this.rows();
    const byType = Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as Record<SearchType, number>;
    let lastSearchAt: Date | null = null;
    for (const row of rows) {
      byType[row.type] = Number(row.searches);
      const at = new Date(row.last_search_at);
      if (!lastSearchAt || at > lastSearchAt) lastSearchAt = at;
    }
    const { searches, succeeded, tookMs } = totalsOf(rows);
    return {
      totalSearches: searches,
      byType,
      averageResponseTime: searches > 0 ? roundTo(tookMs / searches, 1) : 0,
      successRate: searches > 0 ? roundTo((succeeded / searches) * 100, 2) : 100,
      lastSearchAt: lastSearchAt?.toISOString() ?? null,
    };
  }

  async searchTotals(): Promise<SearchTotals> {
    return totalsOf(await this.rows());
  }

  /** The user's distinct queries, most recently searched first. */
  async history(userId: string): Promise<string[]> {
    await this.recorder.recorded();
    const rows = await this.orm.em
      .fork()
      .execute<{ query: string }[]>(
        `select query from search_history where user_id = ? order by position desc limit ?`,
        [userId, MAX_SEARCH_HISTORY],
      );
    return rows.map((row) => row.query);
  }

  private async rows(): Promise<SearchStatsRow[]> {
    await this.recorder.recorded();
    return this.orm.em.fork().execute<SearchStatsRow[]>('select * from search_stats');
  }
}

function totalsOf(rows: SearchStatsRow[]): SearchTotals {
  return rows.reduce(
    (totals, row) => ({
      searches: totals.searches + Number(row.searches),
      succeeded: totals.succeeded + Number(row.succeeded),
      tookMs: totals.tookMs + Number(row.took_ms),
    }),
    { searches: 0, succeeded: 0, tookMs: 0 },
  );
}
