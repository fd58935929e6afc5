import { defineEntity, p, type InferEntity } from '@mikro-orm/sql';

/** Read model of the User aggregate, kept by the inline users projection. */
export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique('users_email_unique'),
    name: p.string().length(100),
    role: p.string().length(20),
    avatar: p.string().length(2048).nullable(),
    passwordHash: p.text(),
    isDemo: p.boolean().default(false),
    createdAt: p.datetime().columnType('timestamptz'),
    lastLogin: p.datetime().columnType('timestamptz').nullable(),
    /** active, inactive or suspended (AccountStatus): only an active account authenticates. */
    status: p.string().length(20).default('active'),
    /** When an administrator last suspended or deactivated the account: sessions begun before stay ended. */
    sessionsEndedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type UserRecord = InferEntity<typeof UserEntity>;
