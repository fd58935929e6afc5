import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@docent/common/api';

export class RegisterUserCommand extends Command<AuthResponse> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
