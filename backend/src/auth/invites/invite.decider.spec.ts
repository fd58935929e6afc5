import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { INVALID_INVITE, inviteDecider, type InviteCommand, type InviteEvent } from './invite.decider.js';

const expiresAt = new Date('2026-12-01T00:00:00.000Z');
const issue: InviteCommand = {
  type: 'Issue',
  inviteId: 'i-1',
  email: 'grace@example.com',
  role: 'analyst',
  tokenHash: 'a'.repeat(64),
  expiresAt,
};
const invited: InviteEvent = {
  type: 'UserInvited',
  data: {
    inviteId: 'i-1',
    email: 'grace@example.com',
    role: 'analyst',
    tokenHash: 'a'.repeat(64),
    expiresAt: expiresAt.toISOString(),
  },
};
const accept = (overrides: Partial<Extract<InviteCommand, { type: 'Accept' }>> = {}): InviteCommand => ({
  type: 'Accept',
  inviteId: 'i-1',
  presentedTokenHash: 'a'.repeat(64),
  userId: 'u-9',
  now: new Date('2026-11-26T00:00:00.000Z'),
  ...overrides,
});
const accepted: InviteEvent = { type: 'InviteAccepted', data: { inviteId: 'i-1', userId: 'u-9' } };

describe('invite decider', () => {
  it('issues an invite once', () => {
    specFor(inviteDecider).given([]).when(issue).then([invited]);
    specFor(inviteDecider).given([invited]).when(issue).thenThrows('This invite already exists');
  });

  it('is accepted once, with its own token, before it expires', () => {
    specFor(inviteDecider).given([invited]).when(accept()).then([accepted]);
    specFor(inviteDecider)
      .given([invited, accepted])
      .when(accept({ userId: 'u-10' }))
      .thenThrows(INVALID_INVITE);
    specFor(inviteDecider)
      .given([invited])
      .when(accept({ presentedTokenHash: 'b'.repeat(64) }))
      .thenThrows(INVALID_INVITE);
    specFor(inviteDecider)
      .given([invited])
      .when(accept({ now: expiresAt }))
      .thenThrows(INVALID_INVITE);
  });

  it('answers an invite that was never issued as it answers a wrong token', () => {
    specFor(inviteDecider).given([]).when(accept()).thenThrows(INVALID_INVITE);
  });
});
