import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import { MAX_SEARCH_HISTORY } from '@docent/common/search';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';

/**
 * Each user's last distinct queries: searching a query again moves it to the front,
 * and the oldest beyond the most kept are dropped. Inline, so the history shown right
 * after a search already has it.
 */
@Projection({ name: 'search-history', mode: 'inline' })
@Injectable()
export class SearchHistoryProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    await this.applyAll([event], em);
  }

  /** Searches committed together go in with two statements; a history cleared among them is applied in its place. */
  async applyAll(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    let searched: RecordedEvent<'SearchPerformed' | 'SearchHistoryQueryRestored'>[] = [];
    for (const event of events) {
      if (event.type === 'SearchPerformed' || event.type === 'SearchHistoryQueryRestored') searched.push(event);
      if (event.type !== 'SearchHistoryCleared') continue;
      await this.remember(searched, em);
      searched = [];
      await em.execute('delete from search_history where user_id = ?', [event.data.userId]);
    }
    await this.remember(searched, em);
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute('delete from search_history');
  }

  /** Moves each query to the front of its user's history, then drops what is beyond the most kept. */
  private async remember(
    events: readonly RecordedEvent<'SearchPerformed' | 'SearchHistoryQueryRestored'>[],
    em: EntityManager,
  ): Promise<void> {
    if (events.length === 0) return;
    // The latest of each user's query only: one insert may not update a row twice.
    const latest = new Map(
      events.map(({ data: { userId, query }, occurredAt, position }) => [
        JSON.stringify([userId, query]),
        { user_id: userId, query, searched_at: occurredAt.toISOString(), position },
      ]),
    );
    await em.execute(
      `insert into search_history (user_id, query, searched_at, position)
       select user_id, query, searched_at, position
       from jsonb_to_recordset(?::jsonb) as x(user_id uuid, query varchar(1000), searched_at timestamptz, position bigint)
       on conflict (user_id, query) do update set searched_at = excluded.searched_at, position = excluded.position`,
      [JSON.stringify([...latest.values()])],
    );
    await em.execute(
      `delete from search_history h using (
         select user_id, position, row_number() over (partition by user_id order by position desc) as newer
         from search_history where user_id = any(?::uuid[])
       ) ranked
       where h.user_id = ranked.user_id and h.position = ranked.position and ranked.newer > ?`,
      [`{${[...new Set(events.map((event) => event.data.userId))].join(',')}}`, MAX_SEARCH_HISTORY],
    );
  }
}
