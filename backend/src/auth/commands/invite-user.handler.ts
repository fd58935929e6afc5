import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { INVITE_LIFETIME_DAYS, type UserInvite } from '@docent/common/admin';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { inviteDecider } from '../invites/invite.decider.js';
import { generateInviteToken } from '../invites/invite-token.js';
import { sha256 } from '../tokens/secret-tokens.js';
import { inviteStreamId } from '../users/user-administration.events.js';
import { UserEntity } from '../users/user.entity.js';
import { normalizeEmail } from '../users/user-view.js';
import { InviteUserCommand } from './invite-user.command.js';
import { EMAIL_TAKEN } from './register-user.handler.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issues a one-time invite link; only the token's hash is recorded, so the link is shown once. */
@CommandHandler(InviteUserCommand)
export class InviteUserHandler implements ICommandHandler<InviteUserCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
  ) {}

  async execute({ actorId, request }: InviteUserCommand): Promise<UserInvite> {
    const email = normalizeEmail(request.email);
    if (await this.orm.em.fork().findOne(UserEntity, { email })) throw new DomainError('conflict', EMAIL_TAKEN);
    const inviteId = randomUUID();
    const token = generateInviteToken(inviteId);
    const expiresAt = new Date(Date.now() + INVITE_LIFETIME_DAYS * DAY_MS);
    await this.decisions.handle(
      inviteDecider,
      inviteStreamId(inviteId),
      { type: 'Issue', inviteId, email, role: request.role, tokenHash: sha256(token), expiresAt },
      { actorId },
    );
    return {
      id: inviteId,
      email,
      role: request.role,
      expiresAt: expiresAt.toISOString(),
      token,
      acceptPath: `/invite?token=${encodeURIComponent(token)}`,
    };
  }
}
