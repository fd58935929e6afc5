import { normalizeRole, type Role } from '@docent/common/permissions';
import type { UserRecord } from './user.entity.js';

/** The spec's User: what the API shows of an account (never the password hash). */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  avatar: string | null;
  createdAt: string;
  lastLogin: string | null;
}

export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: normalizeRole(user.role),
    avatar: user.avatar ?? null,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
