import { Command } from '@nestjs/cqrs';
import type { AddProviderRequest, AddProviderResponse } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';

/** 'Add Provider': an OpenAI-compatible endpoint, with the models it lists. */
export class AddProviderCommand extends Command<AddProviderResponse> {
  constructor(
    readonly request: AddProviderRequest,
    readonly principal: Principal,
  ) {
    super();
  }
}
