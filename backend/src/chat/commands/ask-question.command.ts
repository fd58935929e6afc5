import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatStreamEvent } from '@docent/common/chat';
import type { Principal } from '../../auth/principal.js';
import { GroundedChat, type ChatQuestion } from '../answering/grounded-chat.service.js';

export class AskQuestionCommand {
  constructor(
    readonly question: ChatQuestion,
    readonly principal: Principal,
    /** The asker went away or pressed stop. */
    readonly signal: AbortSignal,
  ) {}
}

/** Records the question, then answers with a stream of events (see GroundedChat). */
@CommandHandler(AskQuestionCommand)
export class AskQuestionHandler implements ICommandHandler<AskQuestionCommand, AsyncIterable<ChatStreamEvent>> {
  constructor(private readonly chat: GroundedChat) {}

  execute({ question, principal, signal }: AskQuestionCommand): Promise<AsyncIterable<ChatStreamEvent>> {
    return this.chat.ask(question, principal, signal);
  }
}
