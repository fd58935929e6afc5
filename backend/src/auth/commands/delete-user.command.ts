import { Command } from '@nestjs/cqrs';
import type { UserDeletedResponse } from '@docent/common/admin';

export class DeleteUserCommand extends Command<UserDeletedResponse> {
  constructor(
    readonly actorId: string,
    readonly userId: string,
  ) {
    super();
  }
}
