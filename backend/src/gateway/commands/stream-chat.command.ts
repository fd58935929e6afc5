import { Command } from '@nestjs/cqrs';
import type { ModelRequest, RouteOptions, RoutedStream } from '../../models/routing/model-router.service.js';

/**
 * A chat completion as it is produced, from the model the router picks (or the one named):
 * resolves once that model has started answering.
 */
export class StreamChatCommand extends Command<RoutedStream> {
  constructor(
    readonly request: ModelRequest,
    readonly options: RouteOptions,
  ) {
    super();
  }
}
