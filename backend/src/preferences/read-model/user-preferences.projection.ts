import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';

/**
 * Inline, so that a PUT answers with and a GET right after reads the change. One row per
 * user who changed anything, holding only the fields they set: the defaults are merged
 * in when read, so a user who never chose a value follows the default.
 */
@Projection({ name: 'user-preferences', mode: 'inline' })
@Injectable()
export class UserPreferencesProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    if (event.type !== 'PreferencesChanged') return;
    const { userId, changes } = event.data;
    await em.execute(
      `insert into user_preferences as stored (user_id, preferences, updated_at) values (?, ?::jsonb, ?)
       on conflict (user_id) do update set
         preferences = stored.preferences || excluded.preferences, updated_at = excluded.updated_at`,
      [userId, JSON.stringify(changes), event.occurredAt.toISOString()],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute('delete from user_preferences');
  }
}
