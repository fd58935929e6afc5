import { Command } from '@nestjs/cqrs';
import type { ApiKeyView } from '../api-keys/api-key-view.js';
import type { Principal } from '../principal.js';

export class CreateApiKeyCommand extends Command<ApiKeyView> {
  constructor(
    readonly principal: Principal,
    readonly name: string,
  ) {
    super();
  }
}
