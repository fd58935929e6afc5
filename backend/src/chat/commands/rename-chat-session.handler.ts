import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatSessionSummary } from '@docent/common/chat';
import { Decisions } from '../../event-store/decisions.service.js';
import { chatSessionDecider } from '../domain/chat-session.decider.js';
import { chatSessionStreamId } from '../domain/chat.events.js';
import { ChatViews } from '../read-model/chat-views.js';
import { RenameChatSessionCommand } from './rename-chat-session.command.js';

@CommandHandler(RenameChatSessionCommand)
export class RenameChatSessionHandler implements ICommandHandler<RenameChatSessionCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly views: ChatViews,
  ) {}

  async execute({ sessionId, title, principal }: RenameChatSessionCommand): Promise<ChatSessionSummary> {
    const { userId } = principal;
    await this.decisions.handle(
      chatSessionDecider,
      chatSessionStreamId(sessionId),
      { type: 'Rename', sessionId, userId, title },
      { actorId: userId },
    );
    return this.views.summary(userId, sessionId);
  }
}
