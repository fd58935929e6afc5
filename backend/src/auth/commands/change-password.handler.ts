import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { PASSWORD_CHANGE_MESSAGES, type PasswordChangeResponse } from '@docent/common/settings';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { LoginBackoff } from '../login-backoff.js';
import { sessionDecider } from '../sessions/session.decider.js';
import { sessionStreamId } from '../sessions/session.events.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { UserEntity } from '../users/user.entity.js';
import { ChangePasswordCommand } from './change-password.command.js';

const { apiKeyCannotChangePassword, demoAccount, currentPasswordWrong, samePassword } = PASSWORD_CHANGE_MESSAGES;

/**
 * Only a signed-in person changes their password, and only knowing the current one:
 * a stolen access token alone must not take the account over. Wrong guesses are slowed
 * down like sign-ins. The new password and the end of every other session are recorded
 * together, so no session opened with the old password outlives the change.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
    private readonly passwords: PasswordHasher,
    private readonly backoff: LoginBackoff,
  ) {}

  async execute({ principal, currentPassword, newPassword }: ChangePasswordCommand): Promise<PasswordChangeResponse> {
    if (principal.apiKeyId !== null || principal.sessionId === null) {
      throw new DomainError('forbidden', apiKeyCannotChangePassword);
    }
    if (principal.isDemo) throw new DomainError('forbidden', demoAccount);
    const { userId, sessionId } = principal;
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(UserEntity, { id: userId });

    const series = `password-change\n${userId}`;
    const wait = this.backoff.begin(series);
    if (wait !== null) {
      throw new DomainError('too-many-requests', `Too many wrong passwords. Please try again in ${wait} seconds.`, {
        retryAfterSeconds: wait,
      });
    }
    // Not 401: the caller is signed in; only the password they typed is wrong.
    if (!(await this.passwords.verify(user.passwordHash, currentPassword))) {
      this.backoff.failed(series);
      throw new DomainError('invalid', currentPasswordWrong);
    }
    this.backoff.succeeded(series);
    if (currentPassword === newPassword) throw new DomainError('invalid', samePassword);

    const others = await em.find(SessionEntity, { userId, revokedAt: null, id: { $ne: sessionId } });
    const handled = await this.decisions.handleAll(
      [
        {
          decider: userDecider,
          streamId: userStreamId(userId),
          command: { type: 'ChangePassword', passwordHash: await this.passwords.hash(newPassword) },
        },
        ...others.map((session) => ({
          decider: sessionDecider,
          streamId: sessionStreamId(session.id),
          command: { type: 'Revoke' as const, reason: 'password-changed' as const },
        })),
      ],
      { actorId: userId },
    );
    return { success: true, sessionsEnded: handled.slice(1).filter(({ events }) => events.length > 0).length };
  }
}
