import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import type { AuthResponse } from '@docent/common/api';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { UserEntity } from '../users/user.entity.js';
import { normalizeEmail } from '../users/user-view.js';
import { LogInCommand } from './log-in.command.js';

/** The same answer for an unknown email and a wrong password, so neither reveals which accounts exist. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(command: LogInCommand): Promise<AuthResponse> {
    const user = await this.orm.em.fork().findOne(UserEntity, { email: normalizeEmail(command.email), isDemo: false });
    const passwordMatches = await this.passwords.verify(user?.passwordHash ?? null, command.password);
    if (!user || !passwordMatches) throw new DomainError('unauthenticated', INVALID_CREDENTIALS);
    return this.sessions.start(user.id, command.rememberMe);
  }
}
