import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { chatSessionDecider } from '../domain/chat-session.decider.js';
import { chatSessionStreamId } from '../domain/chat.events.js';
import { DeleteChatSessionCommand } from './delete-chat-session.command.js';

/** The session and its messages go; the chat figures keep counting its answers. */
@CommandHandler(DeleteChatSessionCommand)
export class DeleteChatSessionHandler implements ICommandHandler<DeleteChatSessionCommand> {
  constructor(private readonly decisions: Decisions) {}

  async execute({ sessionId, principal }: DeleteChatSessionCommand): Promise<void> {
    const { userId } = principal;
    await this.decisions.handle(
      chatSessionDecider,
      chatSessionStreamId(sessionId),
      { type: 'Delete', sessionId, userId, reason: 'user' },
      { actorId: userId },
    );
  }
}
