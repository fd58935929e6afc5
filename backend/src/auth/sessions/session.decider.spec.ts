import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { REFRESH_GRACE_MS, sessionDecider, type SessionCommand, type SessionEvent } from './session.decider.js';

const DAY_MS = 24 * 60 * 60_000;
const LIFETIMES = { standardMs: 9 * DAY_MS, rememberMeMs: 30 * DAY_MS };
/** When every given event was recorded. */
const RECORDED_AT = new Date('2026-11-22T00:00:00Z');
const recorded = <Event extends SessionEvent>(event: Event): Event => ({ ...event, occurredAt: RECORDED_AT });

const start: SessionCommand = {
  type: 'Start',
  sessionId: '3f0e1c1e-0000-4000-8000-000000000001',
  userId: 'u-1',
  refreshTokenHash: 'hash-1',
  expiresAt: new Date('2026-12-01T00:00:00Z'),
  rememberMe: false,
};
const startedData = {
  sessionId: '3f0e1c1e-0000-4000-8000-000000000001',
  userId: 'u-1',
  refreshTokenHash: 'hash-1',
  expiresAt: '2026-12-01T00:00:00.000Z',
  rememberMe: false,
};
const started = recorded<SessionEvent>({ type: 'SessionStarted', data: startedData });
/** hash-1 rotated to its successor on 2026-11-23, for the standard lifetime. */
const rotated = recorded<SessionEvent>({
  type: 'SessionRefreshed',
  data: { refreshTokenHash: 'hash-1-next', expiresAt: '2026-12-02T00:00:00.000Z' },
});
const reuseRevoked: SessionEvent = { type: 'SessionRevoked', data: { reason: 'refresh-token-reuse' } };

const refresh = (presentedTokenHash: string, now = new Date('2026-11-23T00:00:00Z')): SessionCommand => ({
  type: 'Refresh',
  presentedTokenHash,
  newTokenHash: `${presentedTokenHash}-next`,
  lifetimes: LIFETIMES,
  now,
});

describe('session decider', () => {
  it('starts a session once', () => {
    specFor(sessionDecider)
      .given([])
      .when(start)
      .then([{ type: 'SessionStarted', data: startedData }]);
    specFor(sessionDecider).given([started]).when(start).thenThrows('This session already exists');
  });

  it('rotates the refresh token when the current one is presented', () => {
    specFor(sessionDecider)
      .given([started])
      .when(refresh('hash-1'))
      .then([
        { type: 'SessionRefreshed', data: { refreshTokenHash: 'hash-1-next', expiresAt: '2026-12-02T00:00:00.000Z' } },
      ]);
  });

  it('extends a session started with remember me by the remember-me lifetime', () => {
    const remembered = recorded<SessionEvent>({ type: 'SessionStarted', data: { ...startedData, rememberMe: true } });
    specFor(sessionDecider)
      .given([remembered])
      .when(refresh('hash-1'))
      .then([
        { type: 'SessionRefreshed', data: { refreshTokenHash: 'hash-1-next', expiresAt: '2026-12-23T00:00:00.000Z' } },
      ]);
  });

  it('revokes the session when a spent refresh token is presented again', () => {
    specFor(sessionDecider).given([started, rotated]).when(refresh('hash-1')).then([reuseRevoked]);
  });

  describe('within the grace window after a rotation (events recorded at 2026-11-22T00:00:00Z)', () => {
    const seconds = (count: number) => new Date(Date.UTC(2026, 10, 22, 0, 0, count));

    it('answers the spent token again with the same successor, recording nothing', () => {
      specFor(sessionDecider)
        .given([started, rotated])
        .when(refresh('hash-1', seconds(5)))
        .then([]);
    });

    it('revokes the session when the spent token comes back once the window has passed', () => {
      specFor(sessionDecider)
        .given([started, rotated])
        .when(refresh('hash-1', seconds(REFRESH_GRACE_MS / 1000)))
        .then([reuseRevoked]);
    });

    it('revokes the session when the spent token comes back after its successor was itself used', () => {
      const rotatedAgain: SessionEvent = {
        type: 'SessionRefreshed',
        data: { refreshTokenHash: 'hash-1-next-next', expiresAt: '2026-12-01T00:00:01.000Z' },
      };
      specFor(sessionDecider)
        .given([started, rotated])
        .when(refresh('hash-1-next', seconds(1)))
        .then([rotatedAgain]);
      specFor(sessionDecider)
        .given([started, rotated, recorded(rotatedAgain)])
        .when(refresh('hash-1', seconds(2)))
        .then([reuseRevoked]);
    });
  });

  it('refuses an unknown token without revoking anything', () => {
    specFor(sessionDecider).given([started]).when(refresh('forged')).thenThrows('Invalid or expired refresh token');
  });

  it('refuses the current token once the session has expired', () => {
    specFor(sessionDecider)
      .given([started])
      .when(refresh('hash-1', new Date('2026-12-01T00:00:01Z')))
      .thenThrows('Invalid or expired refresh token');
  });

  it('refuses any refresh of a revoked session', () => {
    const revoked = recorded({ type: 'SessionRevoked', data: { reason: 'logout' } });
    specFor(sessionDecider)
      .given([started, revoked])
      .when(refresh('hash-1'))
      .thenThrows('Invalid or expired refresh token');
  });

  it('revokes once: revoking a revoked session changes nothing', () => {
    specFor(sessionDecider)
      .given([started])
      .when({ type: 'Revoke', reason: 'logout' })
      .then([{ type: 'SessionRevoked', data: { reason: 'logout' } }]);
    specFor(sessionDecider)
      .given([started, recorded({ type: 'SessionRevoked', data: { reason: 'logout' } })])
      .when({ type: 'Revoke', reason: 'logout-all' })
      .then([]);
  });
});
