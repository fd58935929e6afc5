import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';

/** Inline, so that the stats read right after a search already count it. One row of counters per search type. */
@Projection({ name: 'search-stats', mode: 'inline' })
@Injectable()
export class SearchStatsProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    await this.applyAll([event], em);
  }

  /** Searches committed together are summed per type first: one statement for the batch. */
  async applyAll(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    const byType = new Map<
      string,
      { type: string; searches: number; succeeded: number; took_ms: number; last: string }
    >();
    for (const event of events) {
      if (event.type !== 'SearchPerformed') continue;
      const { type, tookMs, success } = event.data;
      const at = event.occurredAt.toISOString();
      const sums = byType.get(type) ?? { type, searches: 0, succeeded: 0, took_ms: 0, last: at };
      sums.searches += 1;
      sums.succeeded += success ? 1 : 0;
      sums.took_ms += tookMs;
      if (at > sums.last) sums.last = at;
      byType.set(type, sums);
    }
    if (byType.size === 0) return;
    await em.execute(
      `insert into search_stats as stats (type, searches, succeeded, took_ms, last_search_at)
       select type, searches, succeeded, took_ms, last
       from jsonb_to_recordset(?::jsonb) as x(type text, searches bigint, succeeded bigint, took_ms bigint, last timestamptz)
       on conflict (type) do update set
         searches = stats.searches + excluded.searches, succeeded = stats.succeeded + excluded.succeeded,
         took_ms = stats.took_ms + excluded.took_ms, last_search_at = greatest(stats.last_search_at, excluded.last_search_at)`,
      [JSON.stringify([...byType.values()])],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute('delete from search_stats');
  }
}
