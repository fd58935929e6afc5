import type { RecordedRole } from './user.events.js';

/**
 * What administrators do to accounts. The standing events are recorded on the user's own
 * stream; an invite has a stream of its own until it is accepted.
 */
declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** The account is held: it cannot sign in, and its sessions, keys and sockets stop. */
    UserSuspended: { previousStatus: 'active' | 'inactive' };
    /** A suspended or deactivated account may sign in again; sessions ended by the hold stay ended. */
    UserReactivated: { previousStatus: 'inactive' | 'suspended' };
    /** The account is closed: it cannot sign in until reactivated. */
    UserDeactivated: { previousStatus: 'active' | 'suspended' };
    /** The account is gone; the documents it uploaded stay, managed by administrators. */
    UserDeleted: { email: string; name: string };
    UserInvited: { inviteId: string; email: string; role: RecordedRole; tokenHash: string; expiresAt: string };
    InviteAccepted: { inviteId: string; userId: string };
  }
}

export const inviteStreamId = (inviteId: string) => `invite-${inviteId}`;
export const INVITE_STREAM_TYPE = 'invite';
