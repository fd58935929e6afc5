import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/sql';
import type { AuthResponse } from '@docent/common/api';
import { DomainError } from '../../common/domain-error.js';
import { Decisions, type Decision } from '../../event-store/decisions.service.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import {
  FIRST_ADMIN_TAKEN,
  firstAdminClaimDecider,
  type FirstAdminClaimCommand,
  type FirstAdminClaimEvent,
  type FirstAdminClaimState,
} from '../users/first-admin-claim.decider.js';
import { userDecider, type UserCommand, type UserEvent, type UserState } from '../users/user.decider.js';
import { FIRST_ADMIN_STREAM, userStreamId } from '../users/user.events.js';
import { normalizeEmail } from '../users/user-view.js';
import { RegisterUserCommand } from './register-user.command.js';

interface Registration {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
}

export const EMAIL_TAKEN = 'An account with this email already exists';

/** Records the account, the administrator's seat if it is the first, and its first session: all or nothing. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(command: RegisterUserCommand): Promise<AuthResponse> {
    const registration: Registration = {
      userId: randomUUID(),
      email: normalizeEmail(command.email),
      name: command.name.trim(),
      passwordHash: await this.passwords.hash(command.password),
    };
    const seat = await this.decisions.load(firstAdminClaimDecider, FIRST_ADMIN_STREAM);
    if (seat.state.claimedBy !== null) return this.register(registration, 'later-account', command.userAgent);
    try {
      return await this.register(registration, 'first-admin', command.userAgent);
    } catch (error) {
      // Another registration became the first admin a moment ago: this one is a regular user.
      if (!(error instanceof DomainError) || error.message !== FIRST_ADMIN_TAKEN) throw error;
      return this.register(registration, 'later-account', command.userAgent);
    }
  }

  private async register(
    registration: Registration,
    seat: 'first-admin' | 'later-account',
    userAgent: string | undefined,
  ): Promise<AuthResponse> {
    const { userId } = registration;
    const session = this.sessions.newSession(userId, false, userAgent);
    const account: Decision<UserCommand, UserEvent, UserState> = {
      decider: userDecider,
      streamId: userStreamId(userId),
      command: {
        type: 'Register',
        ...registration,
        role: seat === 'first-admin' ? 'admin' : 'user',
        isDemo: false,
        signIn: { sessionId: session.sessionId, rememberMe: false },
      },
    };
    const claim: Decision<FirstAdminClaimCommand, FirstAdminClaimEvent, FirstAdminClaimState> = {
      decider: firstAdminClaimDecider,
      streamId: FIRST_ADMIN_STREAM,
      command: { type: 'Claim', userId },
    };
    try {
      await this.decisions.handleAll(
        seat === 'first-admin' ? [account, claim, session.start] : [account, session.start],
        { actorId: userId },
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', EMAIL_TAKEN);
      throw error;
    }
    return this.sessions.signedIn(userId, session);
  }
}
