import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/sql';
import type { Role } from '@docent/common/permissions';
import { DomainError } from '../../common/domain-error.js';
import { ConcurrencyConflictError } from '../../event-store/concurrency-conflict.error.js';
import { EventStore, type StreamAppend } from '../../event-store/event-store.service.js';
import type { AuthResponse } from '@docent/common/api';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { decideUser, initialUserState } from '../users/user.decider.js';
import { FIRST_ADMIN_STREAM, USER_STREAM_TYPE, userStreamId } from '../users/user.events.js';
import { normalizeEmail } from '../users/user-view.js';
import { RegisterUserCommand } from './register-user.command.js';

interface Registration {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  isDemo: boolean;
}

export const EMAIL_TAKEN = 'An account with this email already exists';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(command: RegisterUserCommand): Promise<AuthResponse> {
    const userId = randomUUID();
    const registration = {
      userId,
      email: normalizeEmail(command.email),
      name: command.name.trim(),
      passwordHash: await this.passwords.hash(command.password),
      isDemo: false,
    };
    const firstAdminClaimed = (await this.eventStore.readStream(FIRST_ADMIN_STREAM)).length > 0;
    try {
      await this.register(registration, firstAdminClaimed ? 'later-account' : 'first-admin');
    } catch (error) {
      // Another registration became the first admin a moment ago: this one is a regular user.
      if (!(error instanceof ConcurrencyConflictError) || error.streamId !== FIRST_ADMIN_STREAM) throw error;
      await this.register(registration, 'later-account');
    }
    return this.sessions.start(userId, false);
  }

  /** The first account takes the administrator's seat, recorded in its own stream so that only one can. */
  private async register(registration: Registration, seat: 'first-admin' | 'later-account'): Promise<void> {
    const role: Role = seat === 'first-admin' ? 'admin' : 'user';
    const appends: StreamAppend[] = [
      {
        streamId: userStreamId(registration.userId),
        streamType: USER_STREAM_TYPE,
        expectedVersion: 0,
        events: decideUser({ type: 'Register', ...registration, role }, initialUserState()),
      },
    ];
    if (seat === 'first-admin') {
      appends.push({
        streamId: FIRST_ADMIN_STREAM,
        streamType: 'system',
        expectedVersion: 0,
        events: [{ type: 'FirstAdminClaimed', data: { userId: registration.userId } }],
      });
    }
    try {
      await this.eventStore.append(appends, { actorId: registration.userId });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', EMAIL_TAKEN);
      throw error;
    }
  }
}
