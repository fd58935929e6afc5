import type { Actor, Role } from '@docent/common/permissions';

/**
 * Who is calling: resolved from an access token or an API key, with the role as the
 * database has it now. It is the actor the access policy decides for.
 */
export interface Principal extends Actor {
  userId: string;
  role: Role;
  /** The demo administrator's session: the policy withholds what a demo must not change. */
  isDemo: boolean;
  /** The sign-in session behind an access token; null when an API key authenticated the call. */
  sessionId: string | null;
  apiKeyId: string | null;
}
