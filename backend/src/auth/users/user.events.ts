/**
 * A role as recorded on a user's stream. The feature's own list, not the API's `Role`: a
 * stored event must not change because the API's roles do. While the two lists agree, a
 * recorded role is a `Role`; should they part, the compiler points at every place that reads one.
 */
export type RecordedRole = 'admin' | 'user' | 'readonly' | 'analyst' | 'developer';

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    UserRegistered: {
      userId: string;
      email: string;
      name: string;
      role: RecordedRole;
      passwordHash: string;
      /** The demo administrator of the embedded quickstart. */
      isDemo: boolean;
    };
    UserLoggedIn: { sessionId: string; rememberMe: boolean };
    UserProfileUpdated: { name?: string; email?: string; avatar?: string | null };
    UserRoleChanged: { role: RecordedRole; previousRole: RecordedRole };
    /** The user chose a new password; their other sessions end with it (SessionRevoked 'password-changed'). */
    PasswordChanged: { passwordHash: string };
    ApiKeyCreated: { keyId: string; name: string; keyHash: string; maskedKey: string };
    /** Recorded on the key's own usage stream, at most once a minute, so it never contends with changes to the user. */
    ApiKeyUsed: { keyId: string };
    ApiKeyDeleted: { keyId: string };
    /** Claimed once per system, by the first account registered: it becomes admin. */
    FirstAdminClaimed: { userId: string };
  }
}

export const userStreamId = (userId: string) => `user-${userId}`;
export const apiKeyUsageStreamId = (keyId: string) => `api-key-usage-${keyId}`;
export const API_KEY_USAGE_STREAM_TYPE = 'api-key-usage';
export const USER_STREAM_TYPE = 'user';
/** One stream whose only event decides, race-free, which account became the first admin. */
export const FIRST_ADMIN_STREAM = 'system-first-admin';
