import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';

/** Inline, so that the stats read right after a search already count it. One row of counters per search type. */
@Projection({ name: 'search-stats', mode: 'inline' })
@Injectable()
export class SearchStatsProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    if (event.type !== 'SearchPerformed') return;
    const { type, tookMs, success } = event.data;
    await em.execute(
      `insert into search_stats as stats (type, searches, succeeded, took_ms, last_search_at) values (?, 1, ?, ?, ?)
       on conflict (type) do update set
         searches = stats.searches + 1, succeeded = stats.succeeded + excluded.succeeded,
         took_ms = stats.took_ms + excluded.took_ms, last_search_at = greatest(stats.last_search_at, excluded.last_search_at)`,
      [type, success ? 1 : 0, tookMs, event.occurredAt.toISOString()],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute('delete from search_stats');
  }
}
