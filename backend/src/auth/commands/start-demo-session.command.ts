import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@docent/common/api';

export class StartDemoSessionCommand extends Command<AuthResponse> {
  constructor(
    readonly clientAddress: string | undefined,
    /** The caller's User-Agent: the session is listed by the device it names. */
    readonly userAgent?: string,
  ) {
    super();
  }
}
