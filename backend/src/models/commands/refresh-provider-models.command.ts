import { Command } from '@nestjs/cqrs';
import type { RefreshProviderModelsResponse } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';

/** Ask a provider's endpoint again which models it serves. */
export class RefreshProviderModelsCommand extends Command<RefreshProviderModelsResponse> {
  constructor(
    readonly providerId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
