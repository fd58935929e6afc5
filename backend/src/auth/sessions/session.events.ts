declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    SessionStarted: {
      sessionId: string;
      userId: string;
      refreshTokenHash: string;
      expiresAt: string;
      rememberMe: boolean;
      /** Where it was signed in ('Chrome on Linux'), from the User-Agent; absent when none was sent, and on sessions started before it was recorded. */
      device?: string;
    };
    /** The refresh token was rotated: the presented one is spent, a new one issued. */
    SessionRefreshed: { refreshTokenHash: string; expiresAt: string };
    SessionRevoked: { reason: SessionRevocationReason };
  }
}

export type SessionRevocationReason = 'logout' | 'logout-all' | 'refresh-token-reuse' | 'password-changed';

export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
export const SESSION_STREAM_TYPE = 'session';
