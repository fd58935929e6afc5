import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ModelRouter, type RoutedCompletion } from '../../models/routing/model-router.service.js';
import { CompleteChatCommand } from './complete-chat.command.js';

/** Through the same router, limits and accounting as the app's own chat. */
@CommandHandler(CompleteChatCommand)
export class CompleteChatHandler implements ICommandHandler<CompleteChatCommand> {
  constructor(private readonly router: ModelRouter) {}

  execute({ request, options }: CompleteChatCommand): Promise<RoutedCompletion> {
    return this.router.complete(request, options);
  }
}
