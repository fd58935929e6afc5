import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';
import { UserActivityEntity } from './user-activity.entity.js';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * When each user last did something the log records, and how many documents they
 * uploaded. Asynchronous: the table is for administrators' eyes and may trail the log.
 */
@Projection({ name: 'user-activity', mode: 'async' })
@Injectable()
export class UserActivityProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    await this.applyAll([event], em);
  }

  /**
   * Folds the batch into one row change per user: every model call through the gateway is an
   * event with an actor, so one statement per event would cost the database a write per call.
   */
  async applyAll(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    const changes = new Map<string, ActivityChange>();
    const change = (userId: string): ActivityChange => {
      let pending = changes.get(userId);
      if (!pending) changes.set(userId, (pending = { lastActiveAt: null, uploads: 0 }));
      return pending;
    };
    for (const event of events) {
      const actorId = event.metadata.actorId;
      const uploader = event.type === 'DocumentUploaded' ? event.data.uploadedBy : null;
      if (actorId && USER_ID.test(actorId)) {
        const pending = change(actorId);
        if (!pending.lastActiveAt || event.occurredAt > pending.lastActiveAt) pending.lastActiveAt = event.occurredAt;
      }
      if (uploader && USER_ID.test(uploader)) change(uploader).uploads += 1;
      if (event.type === 'UserDeleted') {
        // What the batch held for the user before the deletion goes with their row.
        const userId = event.streamId.slice('user-'.length);
        changes.delete(userId);
        await em.nativeDelete(UserActivityEntity, { userId });
      }
    }
    if (changes.size === 0) return;
    const rows = [...changes].map(([userId, { lastActiveAt, uploads }]) => ({
      user_id: userId,
      last_active_at: lastActiveAt?.toISOString() ?? null,
      uploads,
    }));
    await em.execute(
      `insert into user_activity (user_id, last_active_at, documents_uploaded)
       select user_id, last_active_at, uploads
       from jsonb_to_recordset(?::jsonb) as x(user_id uuid, last_active_at timestamptz, uploads int)
       on conflict (user_id) do update set
         last_active_at = greatest(user_activity.last_active_at, excluded.last_active_at),
         documents_uploaded = user_activity.documents_uploaded + excluded.documents_uploaded`,
      [JSON.stringify(rows)],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(UserActivityEntity, {});
  }
}

interface ActivityChange {
  lastActiveAt: Date | null;
  uploads: number;
}
