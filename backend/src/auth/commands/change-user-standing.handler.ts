import type { StandingAction } from '@docent/common/admin';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminUserView } from '@docent/common/admin';
import { Decisions } from '../../event-store/decisions.service.js';
import { accountStandingDecider, type AccountStandingCommand } from '../users/account-standing.decider.js';
import { AdminUserViews } from '../users/admin-user-views.js';
import { userStreamId } from '../users/user.events.js';
import { ChangeUserStandingCommand } from './change-user-standing.command.js';

const COMMAND_TYPES: Record<StandingAction, AccountStandingCommand['type']> = {
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  deactivate: 'Deactivate',
};

@CommandHandler(ChangeUserStandingCommand)
export class ChangeUserStandingHandler implements ICommandHandler<ChangeUserStandingCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly users: AdminUserViews,
  ) {}

  async execute({ actorId, userId, action }: ChangeUserStandingCommand): Promise<AdminUserView> {
    const { targetAdministers, otherActiveAdministrators } = await this.users.administrators(userId);
    const command = {
      type: COMMAND_TYPES[action],
      targetAdministers,
      otherActiveAdministrators,
    } as AccountStandingCommand;
    await this.decisions.handle(accountStandingDecider, userStreamId(userId), command, { actorId });
    return this.users.get(userId);
  }
}
