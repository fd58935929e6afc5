import { Command } from '@nestjs/cqrs';
import type { ChatSessionSummary } from '@docent/common/chat';
import type { Principal } from '../../auth/principal.js';

export class RenameChatSessionCommand extends Command<ChatSessionSummary> {
  constructor(
    readonly sessionId: string,
    readonly title: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
