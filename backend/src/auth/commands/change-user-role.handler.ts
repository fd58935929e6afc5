import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { hasPermission } from '@docent/common/permissions';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView, type UserView } from '../users/user-view.js';
import { ChangeUserRoleCommand } from './change-user-role.command.js';

export const LAST_ROLE_MANAGER = 'The last account that can manage roles cannot lose that permission';

@CommandHandler(ChangeUserRoleCommand)
export class ChangeUserRoleHandler implements ICommandHandler<ChangeUserRoleCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
  ) {}

  async execute({ actorId, userId, role }: ChangeUserRoleCommand): Promise<UserView> {
    const em = this.orm.em.fork();
    const target = await em.findOne(UserEntity, { id: userId });
    if (!target) throw new DomainError('not-found', 'User not found');
    // Nobody may be left able to manage roles: the system would be locked as it is.
    if (hasPermission(target, 'users:manage_roles') && !hasPermission({ role }, 'users:manage_roles')) {
      // A suspended or deactivated account manages nothing until it is reactivated.
      const managers = (await em.find(UserEntity, { isDemo: false, status: 'active' })).filter((user) =>
        hasPermission(user, 'users:manage_roles'),
      );
      if (managers.length <= 1) throw new DomainError('conflict', LAST_ROLE_MANAGER);
    }
    await this.decisions.handle(userDecider, userStreamId(userId), { type: 'ChangeRole', role }, { actorId });
    return toUserView(await this.orm.em.fork().findOneOrFail(UserEntity, { id: userId }));
  }
}
