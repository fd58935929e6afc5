import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ChatSessionSummary } from '@docent/common/chat';
import { ChatViews } from '../read-model/chat-views.js';
import { ListChatSessionsQuery } from './list-chat-sessions.query.js';

@QueryHandler(ListChatSessionsQuery)
export class ListChatSessionsHandler implements IQueryHandler<ListChatSessionsQuery> {
  constructor(private readonly views: ChatViews) {}

  execute({ principal }: ListChatSessionsQuery): Promise<ChatSessionSummary[]> {
    return this.views.sessions(principal.userId);
  }
}
