import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../projections/projection.js';
import { describeActivity, isActivityEvent } from './activity-items.js';
import { ActivityEntity } from './activity.entity.js';

/** The operator's live activity feed, read off the event log. */
@Projection({ name: 'activity', mode: 'async' })
@Injectable()
export class ActivityProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const item = isActivityEvent(event) ? describeActivity(event) : null;
    if (!item) return;
    await em.insert(ActivityEntity, {
      id: event.position,
      ...item,
      actorId: event.metadata.actorId,
      occurredAt: event.occurredAt,
    });
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(ActivityEntity, {});
  }
}
