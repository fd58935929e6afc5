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
    if (event.type === 'SearchHistoryCleared') {
      await em.execute('delete from search_history where user_id = ?', [event.data.userId]);
      return;
    }
    if (event.type !== 'SearchPerformed' && event.type !== 'SearchHistoryQueryRestored') return;
    const { userId, query } = event.data;
    await em.execute(
      `insert into search_history (user_id, query, searched_at, position) values (?, ?, ?, ?)
       on conflict (user_id, query) do update set searched_at = excluded.searched_at, position = excluded.position`,
      [userId, query, event.occurredAt.toISOString(), event.position],
    );
    await em.execute(
      `delete from search_history where user_id = ? and position < (
         select min(position) from (select position from search_history where user_id = ? order by position desc limit ?) as kept)`,
      [userId, userId, MAX_SEARCH_HISTORY],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute('delete from search_history');
  }
}
