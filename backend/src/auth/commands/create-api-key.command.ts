import { Command } from '@nestjs/cqrs';
import type { ApiKeyView } from '../api-keys/api-key-view.js';

export class CreateApiKeyCommand extends Command<ApiKeyView> {
  constructor(
    readonly userId: string,
    readonly name: string,
  ) {
    super();
  }
}
