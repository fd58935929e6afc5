import type { UserView } from '@docent/common/api';
import type { Actor } from '@docent/common/permissions';

export type { UserView } from '@docent/common/api';

/** The signed-in user as the access policy sees them; no user gets the fallback role's permissions. */
export function actorOf(user: UserView | null | undefined): Actor | null {
  return user ? { userId: user.id, role: user.role, isDemo: user.isDemo } : null;
}
