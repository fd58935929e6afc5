import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import { ChatSessionWriter } from '../domain/chat-session-writer.js';

export class DeleteChatSessionCommand {
  constructor(
    readonly sessionId: string,
    readonly principal: Principal,
  ) {}
}

/** The session and its messages go; the chat figures keep counting its answers. */
@CommandHandler(DeleteChatSessionCommand)
export class DeleteChatSessionHandler implements ICommandHandler<DeleteChatSessionCommand, void> {
  constructor(private readonly sessions: ChatSessionWriter) {}

  async execute({ sessionId, principal }: DeleteChatSessionCommand): Promise<void> {
    await this.sessions.execute(
      { type: 'Delete', sessionId, userId: principal.userId, reason: 'user' },
      { actorId: principal.userId },
    );
  }
}
