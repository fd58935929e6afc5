import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { UserEntity } from '../users/user.entity.js';
import { normalizeEmail, toUserView, type UserView } from '../users/user-view.js';
import { UpdateProfileCommand } from './update-profile.command.js';
import { UserStreamWriter } from './user-stream-writer.js';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly users: UserStreamWriter,
  ) {}

  async execute({ userId, changes }: UpdateProfileCommand): Promise<UserView> {
    await this.users.execute(
      userId,
      {
        type: 'UpdateProfile',
        name: changes.name?.trim(),
        email: changes.email === undefined ? undefined : normalizeEmail(changes.email),
        avatar: changes.avatar === undefined ? undefined : changes.avatar || null,
      },
      userId,
    );
    return toUserView(await this.orm.em.fork().findOneOrFail(UserEntity, { id: userId }));
  }
}
