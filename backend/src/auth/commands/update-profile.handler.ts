import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { UserEntity } from '../users/user.entity.js';
import { normalizeEmail, toUserView, type UserView } from '../users/user-view.js';
import { EMAIL_TAKEN } from './register-user.handler.js';
import { UpdateProfileCommand } from './update-profile.command.js';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
  ) {}

  async execute({ userId, changes }: UpdateProfileCommand): Promise<UserView> {
    try {
      await this.decisions.handle(
        userDecider,
        userStreamId(userId),
        {
          type: 'UpdateProfile',
          name: changes.name?.trim(),
          email: changes.email === undefined ? undefined : normalizeEmail(changes.email),
          avatar: changes.avatar === undefined ? undefined : changes.avatar || null,
        },
        { actorId: userId },
      );
    } catch (error) {
      // The users table's unique index on email guards every append.
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', EMAIL_TAKEN);
      throw error;
    }
    return toUserView(await this.orm.em.fork().findOneOrFail(UserEntity, { id: userId }));
  }
}
