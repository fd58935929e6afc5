import type { UserView } from '@docent/common/api';
import { normalizeRole } from '@docent/common/permissions';
import type { UserRecord } from './user.entity.js';

export type { UserView };

export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: normalizeRole(user.role),
    isDemo: user.isDemo,
    avatar: user.avatar ?? null,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
