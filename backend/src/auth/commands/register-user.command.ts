import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@docent/common/api';

export class RegisterUserCommand extends Command<AuthResponse> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
    /** The caller's User-Agent: the first session is listed by the device it names. */
    readonly userAgent?: string,
  ) {
    super();
  }
}
