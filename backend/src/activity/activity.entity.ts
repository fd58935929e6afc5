import { defineEntity, p, type InferEntity } from '@mikro-orm/sql';

/** The live activity feed: one row per notable event, built by an asynchronous projection. */
export const ActivityEntity = defineEntity({
  name: 'Activity',
  tableName: 'activity',
  properties: {
    id: p.bigint('number').primary().autoincrement(false),
    type: p.string().length(20),
    title: p.string().length(200),
    description: p.string().length(500),
    status: p.string().length(20),
    actorId: p.uuid().nullable(),
    occurredAt: p.datetime().columnType('timestamptz').index(),
  },
});
export type ActivityRecord = InferEntity<typeof ActivityEntity>;
