import type { Role } from '@docent/common/permissions';
import { assertNever, type DomainEvent, type RecordedEvent } from '../../event-store/domain-event.js';
import { DomainError } from '../../common/domain-error.js';

export interface UserState {
  exists: boolean;
  userId: string;
  email: string;
  name: string;
  role: Role;
  avatar: string | null;
  apiKeys: Map<string, { name: string }>;
}

export const initialUserState = (): UserState => ({
  exists: false,
  userId: '',
  email: '',
  name: '',
  role: 'readonly',
  avatar: null,
  apiKeys: new Map(),
});

export type UserCommand =
  | { type: 'Register'; userId: string; email: string; name: string; role: Role; passwordHash: string; isDemo: boolean }
  | { type: 'RecordLogin'; sessionId: string; rememberMe: boolean }
  | { type: 'UpdateProfile'; name?: string; email?: string; avatar?: string | null }
  | { type: 'ChangeRole'; role: Role }
  | { type: 'CreateApiKey'; keyId: string; name: string; keyHash: string; maskedKey: string }
  | { type: 'DeleteApiKey'; keyId: string };

export function decideUser(command: UserCommand, state: UserState): DomainEvent[] {
  if (command.type === 'Register') {
    if (state.exists) throw new DomainError('conflict', 'This account already exists');
    const { type: _type, ...data } = command;
    return [{ type: 'UserRegistered', data }];
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
}

type UserEvent = RecordedEvent<
  'UserRegistered' | 'UserLoggedIn' | 'UserProfileUpdated' | 'UserRoleChanged' | 'ApiKeyCreated' | 'ApiKeyDeleted'
>;

export function evolveUser(state: UserState, event: UserEvent): UserState {
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
    default:
      return assertNever(event);
  }
}
