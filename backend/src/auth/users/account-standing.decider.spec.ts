import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import {
  LAST_ADMINISTRATOR,
  accountStandingDecider,
  type AccountStandingFact,
  type AdministratorCount,
} from './account-standing.decider.js';

const registered: AccountStandingFact = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'ada@example.com', name: 'Ada', role: 'admin', passwordHash: 'h', isDemo: false },
};
const suspended: AccountStandingFact = { type: 'UserSuspended', data: { previousStatus: 'active' } };
const deactivated: AccountStandingFact = { type: 'UserDeactivated', data: { previousStatus: 'active' } };
const deleted: AccountStandingFact = { type: 'UserDeleted', data: { email: 'ada@example.com', name: 'Ada' } };

const anotherAdministrator: AdministratorCount = { targetAdministers: true, otherActiveAdministrators: 1 };
const lastAdministrator: AdministratorCount = { targetAdministers: true, otherActiveAdministrators: 0 };
const notAnAdministrator: AdministratorCount = { targetAdministers: false, otherActiveAdministrators: 0 };

describe('account standing decider', () => {
  it('suspends an active account, and a suspended one again is no change', () => {
    specFor(accountStandingDecider)
      .given([registered])
      .when({ type: 'Suspend', ...anotherAdministrator })
      .then([suspended]);
    specFor(accountStandingDecider)
      .given([registered, suspended])
      .when({ type: 'Suspend', ...anotherAdministrator })
      .then([]);
  });

  it('reactivates a suspended or deactivated account; an active one is no change', () => {
    specFor(accountStandingDecider)
      .given([registered, suspended])
      .when({ type: 'Reactivate' })
      .then([{ type: 'UserReactivated', data: { previousStatus: 'suspended' } }]);
    specFor(accountStandingDecider)
      .given([registered, deactivated])
      .when({ type: 'Reactivate' })
      .then([{ type: 'UserReactivated', data: { previousStatus: 'inactive' } }]);
    specFor(accountStandingDecider).given([registered]).when({ type: 'Reactivate' }).then([]);
  });

  it('deactivates a suspended account, remembering where it stood', () => {
    specFor(accountStandingDecider)
      .given([registered, suspended])
      .when({ type: 'Deactivate', ...notAnAdministrator })
      .then([{ type: 'UserDeactivated', data: { previousStatus: 'suspended' } }]);
  });

  it('deletes an account with the name and email it has now', () => {
    specFor(accountStandingDecider)
      .given([registered, { type: 'UserProfileUpdated', data: { name: 'Ada L.' } }])
      .when({ type: 'Delete', ...anotherAdministrator })
      .then([{ type: 'UserDeleted', data: { email: 'ada@example.com', name: 'Ada L.' } }]);
  });

  it('never leaves the system without an active administrator', () => {
    for (const type of ['Suspend', 'Deactivate', 'Delete'] as const) {
      specFor(accountStandingDecider)
        .given([registered])
        .when({ type, ...lastAdministrator })
        .thenThrows(LAST_ADMINISTRATOR);
    }
  });

  it('lets the last administrator go when the account no longer administers or is already held', () => {
    specFor(accountStandingDecider)
      .given([registered, { type: 'UserRoleChanged', data: { role: 'user', previousRole: 'admin' } }])
      .when({ type: 'Suspend', ...notAnAdministrator })
      .then([suspended]);
    // A suspended administrator administers nothing: deleting it leaves the active ones as they are.
    specFor(accountStandingDecider)
      .given([registered, suspended])
      .when({ type: 'Delete', ...lastAdministrator })
      .then([deleted]);
  });

  it('knows no account that was never registered or has been deleted', () => {
    specFor(accountStandingDecider).given([]).when({ type: 'Reactivate' }).thenThrows('User not found');
    specFor(accountStandingDecider)
      .given([registered, deleted])
      .when({ type: 'Reactivate' })
      .thenThrows('User not found');
  });

  it('folds the standing from the stream and ignores the rest of it', () => {
    specFor(accountStandingDecider)
      .given([registered, suspended])
      .thenState({ exists: true, role: 'admin', status: 'suspended', email: 'ada@example.com', name: 'Ada' });
  });
});
