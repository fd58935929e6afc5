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
    await this.applyAll([event], em);
  }

  /** A batch's items in one insert: every search is an item, and searches come many at once. */
  async applyAll(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    const rows = events.flatMap((event) => {
      const item = isActivityEvent(event) ? describeActivity(event) : null;
      return item
        ? [{ id: event.position, ...item, actorId: event.metadata.actorId, occurredAt: event.occurredAt }]
        : [];
    });
    if (rows.length > 0) await em.insertMany(ActivityEntity, rows);
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(ActivityEntity, {});
  }
}
