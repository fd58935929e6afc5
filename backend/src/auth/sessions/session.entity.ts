import { defineEntity, p, type InferEntity } from '@mikro-orm/sql';

/** Read model of sign-in sessions, kept by the inline sessions projection. */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().index(),
    rememberMe: p.boolean(),
    /** Where it was signed in ('Chrome on Linux'); null when unknown. */
    device: p.string().length(100).nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    lastRefreshedAt: p.datetime().columnType('timestamptz').nullable(),
    expiresAt: p.datetime().columnType('timestamptz'),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedReason: p.string().length(50).nullable(),
  },
});
export type SessionRecord = InferEntity<typeof SessionEntity>;
