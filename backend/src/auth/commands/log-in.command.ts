import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@docent/common/api';

export class LogInCommand extends Command<AuthResponse> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly rememberMe: boolean,
    /** From an earlier sign-in on the same device. */
    readonly deviceToken?: string,
    /** The caller's User-Agent: the session is listed by the device it names. */
    readonly userAgent?: string,
  ) {
    super();
  }
}
