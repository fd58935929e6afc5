import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module.js';
import { SearchModule } from '../search/search.module.js';
import { GroundedChat } from './answering/grounded-chat.service.js';
import { ChatController } from './chat.controller.js';
import { AskQuestionHandler } from './commands/ask-question.handler.js';
import { DeleteChatSessionHandler } from './commands/delete-chat-session.handler.js';
import { RenameChatSessionHandler } from './commands/rename-chat-session.handler.js';
import { GetChatSessionHandler } from './queries/get-chat-session.handler.js';
import { ListChatSessionsHandler } from './queries/list-chat-sessions.handler.js';
import { ChatProjection } from './read-model/chat.projection.js';
import { ChatViews } from './read-model/chat-views.js';

/** Grounded chat (issue 6): retrieval through search, answers through the model router, sessions per user. */
@Module({
  imports: [SearchModule, ModelsModule],
  controllers: [ChatController],
  providers: [
    GroundedChat,
    ChatProjection,
    ChatViews,
    AskQuestionHandler,
    RenameChatSessionHandler,
    DeleteChatSessionHandler,
    ListChatSessionsHandler,
    GetChatSessionHandler,
  ],
  exports: [ChatViews],
})
export class ChatModule {}
