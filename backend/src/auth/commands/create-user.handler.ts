import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/sql';
import type { AdminUserView } from '@docent/common/admin';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { AdminUserViews } from '../users/admin-user-views.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { normalizeEmail } from '../users/user-view.js';
import { CreateUserCommand } from './create-user.command.js';
import { EMAIL_TAKEN } from './register-user.handler.js';

/** Recorded as a registration whose actor is the administrator, so the log says who opened the account. */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly passwords: PasswordHasher,
    private readonly users: AdminUserViews,
  ) {}

  async execute({ actorId, request }: CreateUserCommand): Promise<AdminUserView> {
    const userId = randomUUID();
    try {
      await this.decisions.handle(
        userDecider,
        userStreamId(userId),
        {
          type: 'Register',
          userId,
          email: normalizeEmail(request.email),
          name: request.name.trim(),
          role: request.role,
          passwordHash: await this.passwords.hash(request.password),
          isDemo: false,
        },
        { actorId },
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', EMAIL_TAKEN);
      throw error;
    }
    return this.users.get(userId);
  }
}
