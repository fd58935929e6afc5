import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import type { AccountStandingEvent } from './account-standing.decider.js';
import { USER_STREAM_TYPE, type RecordedRole } from './user.events.js';

export interface UserState {
  exists: boolean;
  userId: string;
  email: string;
  name: string;
  role: RecordedRole;
  avatar: string | null;
  apiKeys: Map<string, { name: string }>;
}

export type UserCommand =
  | {
      type: 'Register';
      userId: string;
      email: string;
      name: string;
      role: RecordedRole;
      passwordHash: string;
      isDemo: boolean;
      /** The session the new account signs in with at once, if it does. */
      signIn?: { sessionId: string; rememberMe: boolean };
    }
  | { type: 'RecordLogin'; sessionId: string; rememberMe: boolean }
  | { type: 'UpdateProfile'; name?: string; email?: string; avatar?: string | null }
  | { type: 'ChangeRole'; role: RecordedRole }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'CreateApiKey'; keyId: string; name: string; keyHash: string; maskedKey: string }
  | { type: 'DeleteApiKey'; keyId: string };

export type UserEvent =
  | DomainEvent<
      | 'UserRegistered'
      | 'UserLoggedIn'
      | 'UserProfileUpdated'
      | 'UserRoleChanged'
      | 'PasswordChanged'
      | 'ApiKeyCreated'
      | 'ApiKeyDeleted'
    >
  | AccountStandingEvent;

/** A user's account, and the API keys it holds: one stream per user. */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  streamType: USER_STREAM_TYPE,

  initialState: () => ({
    exists: false,
    userId: '',
    email: '',
    name: '',
    role: 'readonly',
    avatar: null,
    apiKeys: new Map(),
  }),

  decide(command, state) {
    if (command.type === 'Register') {
      if (state.exists) throw new DomainError('conflict', 'This account already exists');
      const { type: _type, signIn, ...data } = command;
      const registered: UserEvent = { type: 'UserRegistered', data };
      return signIn ? [registered, { type: 'UserLoggedIn', data: signIn }] : [registered];
    }
    if (!state.exists) throw new DomainError('not-found', 'User not found');
    switch (command.type) {
      case 'RecordLogin':
        return [{ type: 'UserLoggedIn', data: { sessionId: command.sessionId, rememberMe: command.rememberMe } }];
      case 'UpdateProfile': {
        const changes: { name?: string; email?: string; avatar?: string | null } = {};
        if (command.name !== undefined && command.name !== state.name) changes.name = command.name;
        if (command.email !== undefined && command.email !== state.email) changes.email = command.email;
        if (command.avatar !== undefined && command.avatar !== state.avatar) changes.avatar = command.avatar;
        return Object.keys(changes).length > 0 ? [{ type: 'UserProfileUpdated', data: changes }] : [];
      }
      case 'ChangeRole':
        if (command.role === state.role) return [];
        return [{ type: 'UserRoleChanged', data: { role: command.role, previousRole: state.role } }];
      case 'ChangePassword':
        return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash } }];
      case 'CreateApiKey':
        return [
          {
            type: 'ApiKeyCreated',
            data: { keyId: command.keyId, name: command.name, keyHash: command.keyHash, maskedKey: command.maskedKey },
          },
        ];
      case 'DeleteApiKey':
        if (!state.apiKeys.has(command.keyId)) throw new DomainError('not-found', 'API key not found');
        return [{ type: 'ApiKeyDeleted', data: { keyId: command.keyId } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          exists: true,
          userId: event.data.userId,
          email: event.data.email,
          name: event.data.name,
          role: event.data.role,
        };
      case 'UserLoggedIn':
      case 'PasswordChanged':
        return state;
      case 'UserProfileUpdated':
        return { ...state, ...event.data };
      case 'UserRoleChanged':
        return { ...state, role: event.data.role };
      case 'ApiKeyCreated':
        return { ...state, apiKeys: new Map(state.apiKeys).set(event.data.keyId, { name: event.data.name }) };
      case 'ApiKeyDeleted': {
        const apiKeys = new Map(state.apiKeys);
        apiKeys.delete(event.data.keyId);
        return { ...state, apiKeys };
      }
      // Whether the account may sign in is the account standing decider's; a deleted one is gone.
      case 'UserSuspended':
      case 'UserReactivated':
      case 'UserDeactivated':
        return state;
      case 'UserDeleted':
        return { ...state, exists: false };
      default:
        return assertNever(event);
    }
  },
};
