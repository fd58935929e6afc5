import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/sql';
import type { AuthResponse } from '@docent/common/api';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { INVALID_INVITE, inviteDecider } from '../invites/invite.decider.js';
import { inviteIdOfToken } from '../invites/invite-token.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { sha256 } from '../tokens/secret-tokens.js';
import { inviteStreamId } from '../users/user-administration.events.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { AcceptInviteCommand } from './accept-invite.command.js';
import { EMAIL_TAKEN } from './register-user.handler.js';

/** The invite spent, the account recorded and its first session started: all or nothing. */
@CommandHandler(AcceptInviteCommand)
export class AcceptInviteHandler implements ICommandHandler<AcceptInviteCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ request }: AcceptInviteCommand): Promise<AuthResponse> {
    const inviteId = inviteIdOfToken(request.token);
    if (!inviteId) throw new DomainError('invalid', INVALID_INVITE);
    const { state: invite } = await this.decisions.load(inviteDecider, inviteStreamId(inviteId));
    if (!invite.issued) throw new DomainError('invalid', INVALID_INVITE);
    const userId = randomUUID();
    const session = this.sessions.newSession(userId, false);
    try {
      await this.decisions.handleAll(
        [
          {
            decider: inviteDecider,
            streamId: inviteStreamId(inviteId),
            command: { type: 'Accept', inviteId, presentedTokenHash: sha256(request.token), userId, now: new Date() },
          },
          {
            decider: userDecider,
            streamId: userStreamId(userId),
            command: {
              type: 'Register',
              userId,
              email: invite.email,
              name: request.name,
              role: invite.role,
              passwordHash: await this.passwords.hash(request.password),
              isDemo: false,
              signIn: { sessionId: session.sessionId, rememberMe: false },
            },
          },
          session.start,
        ],
        { actorId: userId },
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', EMAIL_TAKEN);
      throw error;
    }
    return this.sessions.signedIn(userId, session);
  }
}
