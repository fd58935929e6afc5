import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { sessionDecider, type SessionEvent } from '../sessions/session.decider.js';
import { userDecider, type UserEvent } from './user.decider.js';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'ada@example.com', name: 'Ada', role: 'user', passwordHash: 'old', isDemo: false },
};
const sessionStarted: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId: 's-1',
    userId: 'u-1',
    refreshTokenHash: 'r',
    expiresAt: '2030-01-01T00:00:00.000Z',
    rememberMe: false,
  },
};

describe('changing a password', () => {
  it('records the new password hash of an existing account', () => {
    specFor(userDecider)
      .given([registered])
      .when({ type: 'ChangePassword', passwordHash: 'new' })
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'new' } }]);
  });

  it('refuses an account that does not exist', () => {
    specFor(userDecider).given([]).when({ type: 'ChangePassword', passwordHash: 'new' }).thenThrows('User not found');
  });

  it('keeps the API keys of the account: they are credentials of their own', () => {
    const keyCreated: UserEvent = {
      type: 'ApiKeyCreated',
      data: { keyId: 'k-1', name: 'CI', keyHash: 'kh', maskedKey: 'dcnt_…' },
    };
    specFor(userDecider)
      .given([registered, keyCreated, { type: 'PasswordChanged', data: { passwordHash: 'new' } }])
      .when({ type: 'DeleteApiKey', keyId: 'k-1' })
      .then([{ type: 'ApiKeyDeleted', data: { keyId: 'k-1' } }]);
  });

  it('ends each other open session, and records nothing for one already ended', () => {
    specFor(sessionDecider)
      .given([sessionStarted])
      .when({ type: 'Revoke', reason: 'password-changed' })
      .then([{ type: 'SessionRevoked', data: { reason: 'password-changed' } }]);
    specFor(sessionDecider)
      .given([sessionStarted, { type: 'SessionRevoked', data: { reason: 'logout' } }])
      .when({ type: 'Revoke', reason: 'password-changed' })
      .then([]);
  });
});
