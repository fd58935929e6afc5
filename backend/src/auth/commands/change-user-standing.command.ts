import { Command } from '@nestjs/cqrs';
import type { AdminUserView, StandingAction } from '@docent/common/admin';

/** Suspend, reactivate or deactivate an account. */
export class ChangeUserStandingCommand extends Command<AdminUserView> {
  constructor(
    readonly actorId: string,
    readonly userId: string,
    readonly action: StandingAction,
  ) {
    super();
  }
}
