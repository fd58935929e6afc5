import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { FIRST_ADMIN_TAKEN, firstAdminClaimDecider } from './first-admin-claim.decider.js';

describe('first admin claim decider', () => {
  it('gives the seat to the first account that claims it', () => {
    specFor(firstAdminClaimDecider)
      .given([])
      .when({ type: 'Claim', userId: 'u-1' })
      .then([{ type: 'FirstAdminClaimed', data: { userId: 'u-1' } }]);
  });

  it('refuses the seat to every later account', () => {
    specFor(firstAdminClaimDecider)
      .given([{ type: 'FirstAdminClaimed', data: { userId: 'u-1' } }])
      .when({ type: 'Claim', userId: 'u-2' })
      .thenThrows(FIRST_ADMIN_TAKEN);
  });
});
