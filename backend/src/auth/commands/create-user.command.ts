import { Command } from '@nestjs/cqrs';
import type { AdminUserView, CreateUserRequest } from '@docent/common/admin';

/** An administrator opens an account for someone, with a first password to hand over. */
export class CreateUserCommand extends Command<AdminUserView> {
  constructor(
    readonly actorId: string,
    readonly request: CreateUserRequest,
  ) {
    super();
  }
}
