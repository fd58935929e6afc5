import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { userDecider, type UserCommand, type UserEvent } from './user.decider.js';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'ada@example.com', name: 'Ada', role: 'user', passwordHash: 'h', isDemo: false },
};
const keyCreated: UserEvent = {
  type: 'ApiKeyCreated',
  data: { keyId: 'k-1', name: 'CI', keyHash: 'kh', maskedKey: 'dcnt_…' },
};
const register: UserCommand = { type: 'Register', ...registered.data } as UserCommand;

describe('user decider', () => {
  it('registers a new user once', () => {
    specFor(userDecider).given([]).when(register).then([registered]);
    specFor(userDecider).given([registered]).when(register).thenThrows('This account already exists');
  });

  it('records the sign-in of a registration that starts a session with it', () => {
    specFor(userDecider)
      .given([])
      .when({ ...register, signIn: { sessionId: 's-1', rememberMe: false } } as UserCommand)
      .then([registered, { type: 'UserLoggedIn', data: { sessionId: 's-1', rememberMe: false } }]);
  });

  it('records only the profile fields that change', () => {
    specFor(userDecider)
      .given([registered])
      .when({ type: 'UpdateProfile', name: 'Ada', email: 'ada.l@example.com' })
      .then([{ type: 'UserProfileUpdated', data: { email: 'ada.l@example.com' } }]);
    specFor(userDecider).given([registered]).when({ type: 'UpdateProfile', name: 'Ada' }).then([]);
  });

  it('changes a role and remembers the previous one; the same role is no change', () => {
    specFor(userDecider)
      .given([registered])
      .when({ type: 'ChangeRole', role: 'analyst' })
      .then([{ type: 'UserRoleChanged', data: { role: 'analyst', previousRole: 'user' } }]);
    specFor(userDecider).given([registered]).when({ type: 'ChangeRole', role: 'user' }).then([]);
  });

  it('deletes only keys the user has', () => {
    specFor(userDecider)
      .given([registered, keyCreated])
      .when({ type: 'DeleteApiKey', keyId: 'k-1' })
      .then([{ type: 'ApiKeyDeleted', data: { keyId: 'k-1' } }]);
    const deleted: UserEvent = { type: 'ApiKeyDeleted', data: { keyId: 'k-1' } };
    specFor(userDecider)
      .given([registered, keyCreated, deleted])
      .when({ type: 'DeleteApiKey', keyId: 'k-1' })
      .thenThrows('API key not found');
  });

  it('refuses every command for a user that does not exist', () => {
    specFor(userDecider).given([]).when({ type: 'ChangeRole', role: 'admin' }).thenThrows('User not found');
  });
});
