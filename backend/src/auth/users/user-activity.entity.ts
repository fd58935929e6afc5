import { defineEntity, p, type InferEntity } from '@mikro-orm/sql';

/** What each user has done, as the User Management table shows it; kept by the user activity projection. */
export const UserActivityEntity = defineEntity({
  name: 'UserActivity',
  tableName: 'user_activity',
  properties: {
    userId: p.uuid().primary(),
    lastActiveAt: p.datetime().columnType('timestamptz').nullable(),
    documentsUploaded: p.integer().default(0),
  },
});
export type UserActivityRecord = InferEntity<typeof UserActivityEntity>;
