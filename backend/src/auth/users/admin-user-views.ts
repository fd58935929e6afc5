import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/sql';
import {
  ACCOUNT_STATUSES,
  USER_LIST_PAGE_SIZE,
  type AccountStatus,
  type AdminUserView,
  type UserListQuery,
} from '@docent/common/admin';
import { hasPermission } from '@docent/common/permissions';
import { DomainError } from '../../common/domain-error.js';
import type { AdministratorCount } from './account-standing.decider.js';
import { UserActivityEntity, type UserActivityRecord } from './user-activity.entity.js';
import { UserEntity, type UserRecord } from './user.entity.js';
import { toUserView } from './user-view.js';

/** The accounts as administrators see them: every real account (never the demo one), with its standing and activity. */
@Injectable()
export class AdminUserViews {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async list(query: UserListQuery): Promise<{ users: AdminUserView[]; total: number; page: number; pageSize: number }> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? USER_LIST_PAGE_SIZE;
    const em = this.orm.em.fork();
    const search = query.search?.trim();
    const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
    const where = {
      isDemo: false,
      ...(query.status && { status: query.status }),
      ...(pattern && { $or: [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }] }),
    };
    const [records, total] = await em.findAndCount(UserEntity, where, {
      orderBy: { createdAt: 'asc', id: 'asc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { users: await this.withActivity(em, records), total, page, pageSize };
  }

  async get(userId: string): Promise<AdminUserView> {
    const em = this.orm.em.fork();
    const record = await em.findOne(UserEntity, { id: userId, isDemo: false });
    if (!record) throw new DomainError('not-found', 'User not found');
    const [view] = await this.withActivity(em, [record]);
    return view!;
  }

  /** Whether the account administers the system, and how many other active accounts do: what the last-administrator rule needs. */
  async administrators(userId: string): Promise<AdministratorCount & { target: UserRecord }> {
    const em = this.orm.em.fork();
    const target = await em.findOne(UserEntity, { id: userId, isDemo: false });
    if (!target) throw new DomainError('not-found', 'User not found');
    const others = await em.find(UserEntity, { isDemo: false, status: 'active', id: { $ne: userId } });
    return {
      target,
      targetAdministers: administers(target),
      otherActiveAdministrators: others.filter(administers).length,
    };
  }

  private async withActivity(em: EntityManager, records: UserRecord[]): Promise<AdminUserView[]> {
    const activity = new Map<string, UserActivityRecord>(
      (await em.find(UserActivityEntity, { userId: { $in: records.map((record) => record.id) } })).map((row) => [
        row.userId,
        row,
      ]),
    );
    return records.map((record) => {
      const done = activity.get(record.id);
      const lastActive = latest(done?.lastActiveAt ?? null, record.lastLogin ?? null);
      return {
        ...toUserView(record),
        status: toStatus(record.status),
        documentsUploaded: done?.documentsUploaded ?? 0,
        lastActive: lastActive?.toISOString() ?? null,
      };
    });
  }
}

/** An administrator is whoever can manage roles: the permission, never a role name, decides. */
export const administers = (user: UserRecord) => hasPermission(user, 'users:manage_roles');

/** An unknown standing reads as inactive, as authentication treats it: anything but active is refused. */
function toStatus(value: string): AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value) ? (value as AccountStatus) : 'inactive';
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a > b ? a : b;
}
