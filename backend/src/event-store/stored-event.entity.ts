import { defineEntity, p } from '@mikro-orm/sql';

/** One row per event: the single source of truth every read table is built from. */
export const StoredEventEntity = defineEntity({
  name: 'StoredEvent',
  tableName: 'events',
  properties: {
    position: p.bigint('number').primary().autoincrement(),
    streamId: p.string().length(200),
    streamType: p.string().length(100).index(),
    version: p.integer(),
    type: p.string().length(200),
    /** The shape of `data`: the event type's version when it was written (see event-versions.ts). */
    schemaVersion: p.integer().columnType('smallint').default(1),
    data: p.json<Record<string, unknown>>(),
    metadata: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime().columnType('timestamptz'),
  },
  uniques: [{ name: 'events_stream_version_unique', properties: ['streamId', 'version'] }],
});
