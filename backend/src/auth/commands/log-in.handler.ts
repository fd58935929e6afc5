import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import type { AuthResponse } from '@docent/common/api';
import { LoginBackoff } from '../login-backoff.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { KnownDevices } from '../tokens/known-devices.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { UserEntity } from '../users/user.entity.js';
import { normalizeEmail } from '../users/user-view.js';
import { LogInCommand } from './log-in.command.js';

/** The same answer for an unknown email and a wrong password, so neither reveals which accounts exist. */
export const INVALID_CREDENTIALS = 'Invalid email or password';
/** Told only to whoever knows the password: an administrator suspended or deactivated the account. */
export const ACCOUNT_NOT_ACTIVE = 'This account is suspended or deactivated. Contact your administrator.';

@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly backoff: LoginBackoff,
    private readonly knownDevices: KnownDevices,
  ) {}

  async execute(command: LogInCommand): Promise<AuthResponse> {
    const email = normalizeEmail(command.email);
    const user = await this.orm.em.fork().findOne(UserEntity, { email, isDemo: false });
    // Guesses from devices the account has not signed in on share one series; each known device has its own.
    const device = user && command.deviceToken ? this.knownDevices.deviceOf(command.deviceToken, user.id) : null;
    const series = device ? `${email}\ndevice:${device}` : email;
    const wait = this.backoff.begin(series);
    if (wait !== null) {
      throw new DomainError(
        'too-many-requests',
        `Too many failed sign-ins for this account. Please try again in ${wait} seconds.`,
        { retryAfterSeconds: wait },
      );
    }

    const passwordMatches = await this.passwords.verify(user?.passwordHash ?? null, command.password);
    if (!user || !passwordMatches) {
      this.backoff.failed(series);
      throw new DomainError('unauthenticated', INVALID_CREDENTIALS);
    }
    this.backoff.succeeded(series);
    if (user.status !== 'active') throw new DomainError('forbidden', ACCOUNT_NOT_ACTIVE);
    return this.sessions.start(user.id, command.rememberMe, command.userAgent);
  }
}
