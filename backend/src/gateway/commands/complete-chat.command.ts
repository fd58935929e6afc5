import { Command } from '@nestjs/cqrs';
import type { ModelRequest, RouteOptions, RoutedCompletion } from '../../models/routing/model-router.service.js';

/** A chat completion in one piece, from the model the router picks (or the one named). */
export class CompleteChatCommand extends Command<RoutedCompletion> {
  constructor(
    readonly request: ModelRequest,
    readonly options: RouteOptions,
  ) {
    super();
  }
}
