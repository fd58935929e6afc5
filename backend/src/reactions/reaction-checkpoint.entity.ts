import { defineEntity, p } from '@mikro-orm/sql';

/** How far each once-delivered reaction has got in the event log, and which batch is being worked on. */
export const ReactionCheckpointEntity = defineEntity({
  name: 'ReactionCheckpoint',
  tableName: 'reaction_checkpoints',
  properties: {
    name: p.string().length(100).primary(),
    /** The last event whose reaction finished. */
    position: p.bigint('number'),
    /** Set while a process works on the batch after `position`; another may take it over once it has passed. */
    claimedUntil: p.datetime().columnType('timestamptz').nullable(),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
