import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@docent/common/api';

export class StartDemoSessionCommand extends Command<AuthResponse> {
  constructor(readonly clientAddress: string | undefined) {
    super();
  }
}
