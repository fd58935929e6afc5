import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ModelRouter, type RoutedStream } from '../../models/routing/model-router.service.js';
import { StreamChatCommand } from './stream-chat.command.js';

/** Through the same router, limits and accounting as the app's own chat. */
@CommandHandler(StreamChatCommand)
export class StreamChatHandler implements ICommandHandler<StreamChatCommand> {
  constructor(private readonly router: ModelRouter) {}

  execute({ request, options }: StreamChatCommand): Promise<RoutedStream> {
    return this.router.stream(request, options);
  }
}
