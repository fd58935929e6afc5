import type { AccountStatus } from '@docent/common/admin';
import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import './user-administration.events.js';
import { USER_STREAM_TYPE, type RecordedRole } from './user.events.js';

export const LAST_ADMINISTRATOR = 'This is the last active administrator: make another account an administrator first';

export interface AccountStandingState {
  exists: boolean;
  role: RecordedRole;
  status: AccountStatus;
  email: string;
  name: string;
}

/**
 * What the handler read before deciding: whether the account administers the system
 * (holds users:manage_roles), and how many other active accounts do. The decider keeps
 * the system from losing its last one.
 */
export interface AdministratorCount {
  targetAdministers: boolean;
  otherActiveAdministrators: number;
}

export type AccountStandingCommand =
  | ({ type: 'Suspend' } & AdministratorCount)
  | { type: 'Reactivate' }
  | ({ type: 'Deactivate' } & AdministratorCount)
  | ({ type: 'Delete' } & AdministratorCount);

export type AccountStandingEvent = DomainEvent<'UserSuspended' | 'UserReactivated' | 'UserDeactivated' | 'UserDeleted'>;

/** The events of a user's stream that say who the account is and where it stands. */
export type AccountStandingFact =
  DomainEvent<'UserRegistered' | 'UserRoleChanged' | 'UserProfileUpdated'> | AccountStandingEvent;

/**
 * An account's standing, decided over the user's own stream beside the user decider:
 * it reads the same events and records the administrators' decisions about the account.
 */
export const accountStandingDecider: Decider<AccountStandingCommand, AccountStandingFact, AccountStandingState> = {
  streamType: USER_STREAM_TYPE,

  initialState: () => ({ exists: false, role: 'readonly', status: 'active', email: '', name: '' }),

  decide(command, state): AccountStandingEvent[] {
    if (!state.exists) throw new DomainError('not-found', 'User not found');
    const removesAnAdministrator =
      command.type !== 'Reactivate' &&
      state.status === 'active' &&
      command.targetAdministers &&
      command.otherActiveAdministrators === 0;
    if (removesAnAdministrator) throw new DomainError('conflict', LAST_ADMINISTRATOR);
    switch (command.type) {
      case 'Suspend':
        if (state.status === 'suspended') return [];
        return [{ type: 'UserSuspended', data: { previousStatus: state.status } }];
      case 'Reactivate':
        if (state.status === 'active') return [];
        return [{ type: 'UserReactivated', data: { previousStatus: state.status } }];
      case 'Deactivate':
        if (state.status === 'inactive') return [];
        return [{ type: 'UserDeactivated', data: { previousStatus: state.status } }];
      case 'Delete':
        return [{ type: 'UserDeleted', data: { email: state.email, name: state.name } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, fact) {
    switch (fact.type) {
      case 'UserRegistered':
        return { exists: true, role: fact.data.role, status: 'active', email: fact.data.email, name: fact.data.name };
      case 'UserRoleChanged':
        return { ...state, role: fact.data.role };
      case 'UserProfileUpdated':
        return {
          ...state,
          ...(fact.data.email !== undefined && { email: fact.data.email }),
          ...(fact.data.name !== undefined && { name: fact.data.name }),
        };
      case 'UserSuspended':
        return { ...state, status: 'suspended' };
      case 'UserReactivated':
        return { ...state, status: 'active' };
      case 'UserDeactivated':
        return { ...state, status: 'inactive' };
      case 'UserDeleted':
        return { ...state, exists: false };
      default:
        // The stream's other events (sign-ins, API keys) leave the standing as it is.
        return state;
    }
  },
};
