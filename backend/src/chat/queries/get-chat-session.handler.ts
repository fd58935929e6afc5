import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ChatSessionDetail } from '@docent/common/chat';
import { ChatViews } from '../read-model/chat-views.js';
import { GetChatSessionQuery } from './get-chat-session.query.js';

@QueryHandler(GetChatSessionQuery)
export class GetChatSessionHandler implements IQueryHandler<GetChatSessionQuery> {
  constructor(private readonly views: ChatViews) {}

  execute({ sessionId, principal }: GetChatSessionQuery): Promise<ChatSessionDetail> {
    return this.views.session(principal, sessionId);
  }
}
