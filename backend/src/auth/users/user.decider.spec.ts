import { describe, expect, it } from '@jest/globals';
import type { DomainEvent } from '../../event-store/domain-event.js';
import { decideUser, evolveUser, initialUserState, type UserCommand } from './user.decider.js';

function given(...events: (DomainEvent & { occurredAt?: Date })[]) {
  const state = events.reduce(
    (current, event) =>
      evolveUser(current, { occurredAt: new Date('2026-11-22T10:00:00Z'), ...event } as Parameters<
        typeof evolveUser
      >[1]),
    initialUserState(),
  );
  return { when: (command: UserCommand) => () => decideUser(command, state) };
}

const registered: DomainEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'ada@example.com', name: 'Ada', role: 'user', passwordHash: 'h', isDemo: false },
};
const keyCreated: DomainEvent = {
  type: 'ApiKeyCreated',
  data: { keyId: 'k-1', name: 'CI', keyHash: 'kh', maskedKey: 'dcnt_…' },
};

describe('user decider', () => {
  it('registers a new user once', () => {
    const register: UserCommand = { type: 'Register', ...registered.data } as UserCommand;
    expect(given().when(register)()).toEqual([registered]);
    expect(given(registered).when(register)).toThrow('This account already exists');
  });

  it('records only the profile fields that change', () => {
    expect(given(registered).when({ type: 'UpdateProfile', name: 'Ada', email: 'ada.l@example.com' })()).toEqual([
      { type: 'UserProfileUpdated', data: { email: 'ada.l@example.com' } },
    ]);
    expect(given(registered).when({ type: 'UpdateProfile', name: 'Ada' })()).toEqual([]);
  });

  it('changes a role and remembers the previous one; the same role is no change', () => {
    expect(given(registered).when({ type: 'ChangeRole', role: 'analyst' })()).toEqual([
      { type: 'UserRoleChanged', data: { role: 'analyst', previousRole: 'user' } },
    ]);
    expect(given(registered).when({ type: 'ChangeRole', role: 'user' })()).toEqual([]);
  });

  it('deletes only keys the user has', () => {
    expect(given(registered, keyCreated).when({ type: 'DeleteApiKey', keyId: 'k-1' })()).toEqual([
      { type: 'ApiKeyDeleted', data: { keyId: 'k-1' } },
    ]);
    const deleted: DomainEvent = { type: 'ApiKeyDeleted', data: { keyId: 'k-1' } };
    expect(given(registered, keyCreated, deleted).when({ type: 'DeleteApiKey', keyId: 'k-1' })).toThrow(
      'API key not found',
    );
  });

  it('refuses every command for a user that does not exist', () => {
    expect(given().when({ type: 'ChangeRole', role: 'admin' })).toThrow('User not found');
  });
});
