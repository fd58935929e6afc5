import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RefreshProviderModelsResponse } from '@docent/common/models';
import { DomainError } from '../../common/domain-error.js';
import { PROVIDER_NOT_FOUND } from '../domain/model-provider.decider.js';
import { ProviderModelListing, whyUnlistable } from '../listing/provider-model-listing.service.js';
import { ModelCatalog } from '../read-model/model-catalog.js';
import { ModelViews } from '../read-model/model-views.js';
import { RefreshProviderModelsCommand } from './refresh-provider-models.command.js';

/**
 * 'Refresh models': lists the provider's models from its endpoint now. A failure is
 * recorded (the built-in list stays in use) and answered as the endpoint's failure (502).
 */
@CommandHandler(RefreshProviderModelsCommand)
export class RefreshProviderModelsHandler implements ICommandHandler<RefreshProviderModelsCommand> {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly listing: ProviderModelListing,
    private readonly views: ModelViews,
  ) {}

  async execute({ providerId, principal }: RefreshProviderModelsCommand): Promise<RefreshProviderModelsResponse> {
    const provider = await this.catalog.findProvider(providerId);
    if (!provider) throw new DomainError('not-found', PROVIDER_NOT_FOUND);
    const refusal = whyUnlistable(provider);
    if (refusal !== null) throw new DomainError('conflict', refusal);
    const listing = await this.listing.list(provider, principal.userId);
    if (listing.outcome === 'failed') {
      throw new DomainError('upstream-failed', `Could not list the models of ${provider.name}: ${listing.reason}`);
    }
    const catalogModels = await this.catalog.models();
    return {
      success: true,
      provider: (await this.views.provider(providerId))!,
      models: await this.views.toViews(catalogModels.filter((model) => model.provider.id === providerId)),
    };
  }
}
