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
    const actorId = event.metadata.actorId;
    const uploader = event.type === 'DocumentUploaded' ? event.data.uploadedBy : null;
    if (actorId && USER_ID.test(actorId)) await this.record(em, actorId, event.occurredAt, 0);
    if (uploader && USER_ID.test(uploader)) await this.record(em, uploader, null, 1);
    if (event.type === 'UserDeleted')
      await em.nativeDelete(UserActivityEntity, { userId: event.streamId.slice('user-'.length) });
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(UserActivityEntity, {});
  }

  private async record(em: EntityManager, userId: string, activeAt: Date | null, uploads: number): Promise<void> {
    await em.execute(
      `insert into user_activity (user_id, last_active_at, documents_uploaded) values (?, ?, ?)
       on conflict (user_id) do update set
         last_active_at = greatest(user_activity.last_active_at, excluded.last_active_at),
         documents_uploaded = user_activity.documents_uploaded + excluded.documents_uploaded`,
      [userId, activeAt, uploads],
    );
  }
}
