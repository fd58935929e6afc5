import type { RefreshResponse } from '@docent/common/api';
import { Command } from '@nestjs/cqrs';

export class RefreshSessionCommand extends Command<RefreshResponse> {
  constructor(readonly refreshToken: string) {
    super();
  }
}
