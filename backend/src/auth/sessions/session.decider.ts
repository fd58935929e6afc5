import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import { SESSION_STREAM_TYPE, type SessionRevocationReason } from './session.events.js';

export interface SessionState {
  exists: boolean;
  userId: string;
  currentTokenHash: string;
  /** Every refresh token this session has rotated away from: presenting one again means it was stolen. */
  spentTokenHashes: Set<string>;
  expiresAt: Date;
  /** Signed in with 'Remember me': each refresh extends the session by the remember-me lifetime. */
  rememberMe: boolean;
  revoked: boolean;
  /** When the refresh token last rotated: the start of the grace window for its predecessor. */
  lastRefreshedAt: Date | null;
}

/**
 * How long after a rotation the token it replaced still refreshes, answered with the same
 * successor: a page whose loaders refresh at once, or a retry after a lost answer, is not
 * theft. Long enough for requests already in flight, too short to be worth stealing a
 * spent token for. After it, presenting a spent token closes the session.
 */
export const REFRESH_GRACE_MS = 10_000;

/** How far a refresh extends a session: by the remember-me lifetime when it was started with 'Remember me'. */
export interface SessionLifetimes {
  standardMs: number;
  rememberMeMs: number;
}

export type SessionCommand =
  | {
      type: 'Start';
      sessionId: string;
      userId: string;
      refreshTokenHash: string;
      expiresAt: Date;
      rememberMe: boolean;
      device?: string;
    }
  | {
      type: 'Refresh';
      presentedTokenHash: string;
      /** The hash of the presented token's successor, which is derived from it: a repeat names the same one. */
      newTokenHash: string;
      lifetimes: SessionLifetimes;
      now: Date;
    }
  | { type: 'Revoke'; reason: SessionRevocationReason };

/**
 * A session's event, with the time it was recorded once it is stored: the grace window
 * after a refresh starts then. An event just decided has none yet.
 */
export type SessionEvent = DomainEvent<'SessionStarted' | 'SessionRefreshed' | 'SessionRevoked'> & {
  occurredAt?: Date;
};

export const INVALID_REFRESH_TOKEN = 'Invalid or expired refresh token';

/** A sign-in session and the rotation of its refresh token: one stream per session. */
export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  streamType: SESSION_STREAM_TYPE,

  initialState: () => ({
    exists: false,
    userId: '',
    currentTokenHash: '',
    spentTokenHashes: new Set(),
    expiresAt: new Date(0),
    rememberMe: false,
    revoked: false,
    lastRefreshedAt: null,
  }),

  decide(command, state) {
    switch (command.type) {
      case 'Start': {
        if (state.exists) throw new DomainError('conflict', 'This session already exists');
        const { type: _type, expiresAt, ...data } = command;
        return [{ type: 'SessionStarted', data: { ...data, expiresAt: expiresAt.toISOString() } }];
      }
      case 'Refresh': {
        if (!state.exists || state.revoked) throw new DomainError('unauthenticated', INVALID_REFRESH_TOKEN);
        if (state.spentTokenHashes.has(command.presentedTokenHash)) {
          // Nothing to record: the successor the caller gets again is already the current token.
          if (isRepeatWithinGrace(command, state)) return [];
          return [{ type: 'SessionRevoked', data: { reason: 'refresh-token-reuse' } }];
        }
        if (command.presentedTokenHash !== state.currentTokenHash || command.now >= state.expiresAt) {
          throw new DomainError('unauthenticated', INVALID_REFRESH_TOKEN);
        }
        const lifetime = state.rememberMe ? command.lifetimes.rememberMeMs : command.lifetimes.standardMs;
        return [
          {
            type: 'SessionRefreshed',
            data: {
              refreshTokenHash: command.newTokenHash,
              expiresAt: new Date(command.now.getTime() + lifetime).toISOString(),
            },
          },
        ];
      }
      case 'Revoke':
        if (!state.exists) throw new DomainError('not-found', 'Session not found');
        return state.revoked ? [] : [{ type: 'SessionRevoked', data: { reason: command.reason } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return {
          ...state,
          exists: true,
          userId: event.data.userId,
          currentTokenHash: event.data.refreshTokenHash,
          expiresAt: new Date(event.data.expiresAt),
          rememberMe: event.data.rememberMe,
        };
      case 'SessionRefreshed':
        return {
          ...state,
          spentTokenHashes: new Set(state.spentTokenHashes).add(state.currentTokenHash),
          currentTokenHash: event.data.refreshTokenHash,
          expiresAt: new Date(event.data.expiresAt),
          // Without a recorded time there is no grace window: a spent token closes the session.
          lastRefreshedAt: event.occurredAt ?? null,
        };
      case 'SessionRevoked':
        return { ...state, revoked: true };
      default:
        return assertNever(event);
    }
  },
};

/** The token rotated last, presented again within the grace window, while its successor is still unused. */
function isRepeatWithinGrace(command: Extract<SessionCommand, { type: 'Refresh' }>, state: SessionState): boolean {
  return (
    command.newTokenHash === state.currentTokenHash &&
    state.lastRefreshedAt !== null &&
    command.now.getTime() - state.lastRefreshedAt.getTime() < REFRESH_GRACE_MS &&
    command.now < state.expiresAt
  );
}
