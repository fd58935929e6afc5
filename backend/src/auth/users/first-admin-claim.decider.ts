import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import type { DomainEvent } from '../../event-store/domain-event.js';

export const FIRST_ADMIN_TAKEN = 'Another account has already become the first administrator';

export type FirstAdminClaimCommand = { type: 'Claim'; userId: string };
export type FirstAdminClaimEvent = DomainEvent<'FirstAdminClaimed'>;
/** The account that took the administrator's seat, if one has. */
export type FirstAdminClaimState = { claimedBy: string | null };

/**
 * The first account registered on an empty system becomes admin: the seat is one stream,
 * claimed at most once, so that of two registrations at the same moment only one takes it.
 */
export const firstAdminClaimDecider: Decider<FirstAdminClaimCommand, FirstAdminClaimEvent, FirstAdminClaimState> = {
  streamType: 'system',
  initialState: () => ({ claimedBy: null }),
  decide(command, state) {
    if (state.claimedBy !== null) throw new DomainError('conflict', FIRST_ADMIN_TAKEN);
    return [{ type: 'FirstAdminClaimed', data: { userId: command.userId } }];
  },
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
};
