import { Command } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';

export class DeleteChatSessionCommand extends Command<void> {
  constructor(
    readonly sessionId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
