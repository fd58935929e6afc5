import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module.js';
import { CompleteChatHandler } from './commands/complete-chat.handler.js';
import { StreamChatHandler } from './commands/stream-chat.handler.js';
import { GatewayController } from './gateway.controller.js';
import { ListAvailableModelsHandler } from './queries/list-available-models.handler.js';

/** The OpenAI-compatible gateway at /v1. */
@Module({
  imports: [ModelsModule],
  controllers: [GatewayController],
  providers: [CompleteChatHandler, StreamChatHandler, ListAvailableModelsHandler],
})
export class GatewayModule {}
