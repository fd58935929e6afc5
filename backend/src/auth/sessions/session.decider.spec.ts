import { describe, expect, it } from '@jest/globals';
import type { DomainEvent, RecordedEvent } from '../../event-store/domain-event.js';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  REFRESH_GRACE_MS,
  type SessionCommand,
} from './session.decider.js';

const start: SessionCommand = {
  type: 'Start',
  sessionId: '3f0e1c1e-0000-4000-8000-000000000001',
  userId: 'u-1',
  refreshTokenHash: 'hash-1',
  expiresAt: new Date('2026-12-01T00:00:00Z'),
  rememberMe: false,
};

/** Given these events have happened, when the command is decided, then these events follow. */
function given(...events: DomainEvent[]) {
  const state = events.reduce(
    (current, event, index) =>
      evolveSession(current, {
        ...event,
        occurredAt: new Date('2026-11-22T00:00:00Z'),
        version: index + 1,
      } as RecordedEvent<'SessionStarted' | 'SessionRefreshed' | 'SessionRevoked'>),
    initialSessionState(),
  );
  return { when: (command: SessionCommand) => () => decideSession(command, state) };
}

const started = decideSession(start, initialSessionState());
const refresh = (presentedTokenHash: string, now = new Date('2026-11-23T00:00:00Z')): SessionCommand => ({
  type: 'Refresh',
  presentedTokenHash,
  newTokenHash: `${presentedTokenHash}-next`,
  newExpiresAt: new Date('2026-12-02T00:00:00Z'),
  now,
});

describe('session decider', () => {
  it('rotates the refresh token when the current one is presented', () => {
    expect(given(...started).when(refresh('hash-1'))()).toEqual([
      { type: 'SessionRefreshed', data: { refreshTokenHash: 'hash-1-next', expiresAt: '2026-12-02T00:00:00.000Z' } },
    ]);
  });

  it('revokes the session when a spent refresh token is presented again', () => {
    const rotated = given(...started).when(refresh('hash-1'))();
    expect(given(...started, ...rotated).when(refresh('hash-1'))()).toEqual([
      { type: 'SessionRevoked', data: { reason: 'refresh-token-reuse' } },
    ]);
  });

  describe('within the grace window after a rotation (events recorded at 2026-11-22T00:00:00Z)', () => {
    const rotated = given(...started).when(refresh('hash-1'))();
    const seconds = (count: number) => new Date(Date.UTC(2026, 10, 22, 0, 0, count));

    it('answers the spent token again with the same successor, recording nothing', () => {
      expect(given(...started, ...rotated).when(refresh('hash-1', seconds(5)))()).toEqual([]);
    });

    it('revokes the session when the spent token comes back once the window has passed', () => {
      expect(given(...started, ...rotated).when(refresh('hash-1', seconds(REFRESH_GRACE_MS / 1000)))()).toEqual([
        { type: 'SessionRevoked', data: { reason: 'refresh-token-reuse' } },
      ]);
    });

    it('revokes the session when the spent token comes back after its successor was itself used', () => {
      const rotatedAgain = given(...started, ...rotated).when(refresh('hash-1-next', seconds(1)))();
      expect(given(...started, ...rotated, ...rotatedAgain).when(refresh('hash-1', seconds(2)))()).toEqual([
        { type: 'SessionRevoked', data: { reason: 'refresh-token-reuse' } },
      ]);
    });
  });

  it('refuses an unknown token without revoking anything', () => {
    expect(given(...started).when(refresh('forged'))).toThrow('Invalid or expired refresh token');
  });

  it('refuses the current token once the session has expired', () => {
    expect(given(...started).when(refresh('hash-1', new Date('2026-12-01T00:00:01Z')))).toThrow(
      'Invalid or expired refresh token',
    );
  });

  it('refuses any refresh of a revoked session', () => {
    const revoked = given(...started).when({ type: 'Revoke', reason: 'logout' })();
    expect(given(...started, ...revoked).when(refresh('hash-1'))).toThrow('Invalid or expired refresh token');
  });

  it('revokes once: revoking a revoked session changes nothing', () => {
    const revoked = given(...started).when({ type: 'Revoke', reason: 'logout' })();
    expect(revoked).toEqual([{ type: 'SessionRevoked', data: { reason: 'logout' } }]);
    expect(given(...started, ...revoked).when({ type: 'Revoke', reason: 'logout-all' })()).toEqual([]);
  });
});
