import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatSessionSummary } from '@docent/common/chat';
import type { Principal } from '../../auth/principal.js';
import { ChatSessionWriter } from '../domain/chat-session-writer.js';
import { ChatViews } from '../read-model/chat-views.js';

export class RenameChatSessionCommand {
  constructor(
    readonly sessionId: string,
    readonly title: string,
    readonly principal: Principal,
  ) {}
}

@CommandHandler(RenameChatSessionCommand)
export class RenameChatSessionHandler implements ICommandHandler<RenameChatSessionCommand, ChatSessionSummary> {
  constructor(
    private readonly sessions: ChatSessionWriter,
    private readonly views: ChatViews,
  ) {}

  async execute({ sessionId, title, principal }: RenameChatSessionCommand): Promise<ChatSessionSummary> {
    await this.sessions.execute(
      { type: 'Rename', sessionId, userId: principal.userId, title },
      { actorId: principal.userId },
    );
    return this.views.summary(principal.userId, sessionId);
  }
}
