import { Command } from '@nestjs/cqrs';
import type { Role } from '@docent/common/permissions';
import type { UserView } from '../users/user-view.js';

export class ChangeUserRoleCommand extends Command<UserView> {
  constructor(
    readonly actorId: string,
    readonly userId: string,
    readonly role: Role,
  ) {
    super();
  }
}
