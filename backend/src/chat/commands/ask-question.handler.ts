import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatMessageView } from '@docent/common/chat';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { ModelCatalog } from '../../models/read-model/model-catalog.js';
import { GroundedChat, type AnswerChunk, type AskedQuestion } from '../answering/grounded-chat.service.js';
import { chatSessionDecider } from '../domain/chat-session.decider.js';
import { chatSessionStreamId } from '../domain/chat.events.js';
import { ChatViews } from '../read-model/chat-views.js';
import { AskQuestionCommand } from './ask-question.command.js';

/** Earlier messages sent along with a follow-up question: enough for "and what about…", little enough to leave room for the sources. */
const HISTORY_MESSAGES = 6;

/**
 * Keeps the question in the asker's session, then answers it (see GroundedChat). Throws,
 * before anything is answered, for a session that is not the asker's or a model that does
 * not exist.
 */
@CommandHandler(AskQuestionCommand)
export class AskQuestionHandler implements ICommandHandler<AskQuestionCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly catalog: ModelCatalog,
    private readonly views: ChatViews,
    private readonly chat: GroundedChat,
  ) {}

  async execute({ question, principal, signal }: AskQuestionCommand): Promise<AsyncIterable<AnswerChunk>> {
    const receivedAt = performance.now();
    const model = question.model === undefined || question.model === 'auto' ? undefined : question.model;
    if (model !== undefined && !(await this.catalog.findModel(model)))
      throw new DomainError('invalid', `Unknown model: ${model}`);

    const { userId } = principal;
    const startsSession = question.sessionId === undefined;
    const sessionId = question.sessionId ?? randomUUID();
    const messageId = randomUUID();
    const history = startsSession ? [] : await this.views.conversation(sessionId, HISTORY_MESSAGES);
    const searchOptions = question.searchOptions ?? {};
    const { events } = await this.decisions.handle(
      chatSessionDecider,
      chatSessionStreamId(sessionId),
      { type: 'Ask', sessionId, startsSession, userId, messageId, content: question.message, searchOptions },
      { actorId: userId },
    );
    if (startsSession) await this.forgetSessionsBeyondLimit(userId);
    const session = await this.views.summary(userId, sessionId);
    const userMessage: ChatMessageView = {
      id: messageId,
      role: 'user',
      content: question.message,
      createdAt: events.at(-1)!.occurredAt.toISOString(),
    };

    const asked: AskedQuestion = {
      sessionId,
      messageId,
      question: question.message,
      history,
      searchOptions,
      model,
      preference: question.preference,
      receivedAt,
    };
    return this.sessionThenAnswer({ type: 'session', session, userMessage }, asked, principal, signal);
  }

  private async *sessionThenAnswer(
    session: AnswerChunk & { type: 'session' },
    ...answer: Parameters<GroundedChat['answer']>
  ): AsyncIterable<AnswerChunk> {
    yield session;
    yield* this.chat.answer(...answer);
  }

  /** Starting a session beyond the most a user keeps deletes their least recently used ones. */
  private async forgetSessionsBeyondLimit(userId: string): Promise<void> {
    for (const sessionId of await this.views.sessionsBeyondLimit(userId)) {
      await this.decisions.handle(
        chatSessionDecider,
        chatSessionStreamId(sessionId),
        { type: 'Delete', sessionId, userId, reason: 'history-limit' },
        { actorId: userId },
      );
    }
  }
}
