import { Command } from '@nestjs/cqrs';
import type { InviteUserRequest, UserInvite } from '@docent/common/admin';

export class InviteUserCommand extends Command<UserInvite> {
  constructor(
    readonly actorId: string,
    readonly request: InviteUserRequest,
  ) {
    super();
  }
}
