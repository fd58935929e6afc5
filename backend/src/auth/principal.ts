import type { Role } from '@docent/common/permissions';

/** Who is calling: resolved from an access token or an API key, with the role as the database has it now. */
export interface Principal {
  userId: string;
  role: Role;
  /** The sign-in session behind an access token; null when an API key authenticated the call. */
  sessionId: string | null;
  apiKeyId: string | null;
}
