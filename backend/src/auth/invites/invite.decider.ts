import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import { INVITE_STREAM_TYPE } from '../users/user-administration.events.js';
import type { RecordedRole } from '../users/user.events.js';

/** The same answer for an unknown, spent, expired or mistyped invite: none reveals which invites exist. */
export const INVALID_INVITE = 'This invite link is invalid or has expired';

export interface InviteState {
  issued: boolean;
  email: string;
  role: RecordedRole;
  tokenHash: string;
  expiresAt: Date;
  acceptedBy: string | null;
}

export type InviteCommand =
  | { type: 'Issue'; inviteId: string; email: string; role: RecordedRole; tokenHash: string; expiresAt: Date }
  | { type: 'Accept'; inviteId: string; presentedTokenHash: string; userId: string; now: Date };

export type InviteEvent = DomainEvent<'UserInvited' | 'InviteAccepted'>;

/** A one-time invitation to create an account with a given email and role: one stream per invite. */
export const inviteDecider: Decider<InviteCommand, InviteEvent, InviteState> = {
  streamType: INVITE_STREAM_TYPE,

  initialState: () => ({
    issued: false,
    email: '',
    role: 'readonly',
    tokenHash: '',
    expiresAt: new Date(0),
    acceptedBy: null,
  }),

  decide(command, state) {
    switch (command.type) {
      case 'Issue': {
        if (state.issued) throw new DomainError('conflict', 'This invite already exists');
        const { inviteId, email, role, tokenHash, expiresAt } = command;
        return [
          { type: 'UserInvited', data: { inviteId, email, role, tokenHash, expiresAt: expiresAt.toISOString() } },
        ];
      }
      case 'Accept': {
        const usable =
          state.issued &&
          state.acceptedBy === null &&
          state.expiresAt > command.now &&
          sameHash(state.tokenHash, command.presentedTokenHash);
        if (!usable) throw new DomainError('invalid', INVALID_INVITE);
        return [{ type: 'InviteAccepted', data: { inviteId: command.inviteId, userId: command.userId } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserInvited':
        return {
          ...state,
          issued: true,
          email: event.data.email,
          role: event.data.role,
          tokenHash: event.data.tokenHash,
          expiresAt: new Date(event.data.expiresAt),
        };
      case 'InviteAccepted':
        return { ...state, acceptedBy: event.data.userId };
      default:
        return assertNever(event);
    }
  },
};

function sameHash(stored: string, presented: string): boolean {
  return stored.length === presented.length && timingSafeEqual(Buffer.from(stored), Buffer.from(presented));
}
