import { defineEntity, p } from '@mikro-orm/sql';

/** How far each asynchronous projection has read the event log. */
export const ProjectionCheckpointEntity = defineEntity({
  name: 'ProjectionCheckpoint',
  tableName: 'projection_checkpoints',
  properties: {
    name: p.string().length(100).primary(),
    position: p.bigint('number'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
