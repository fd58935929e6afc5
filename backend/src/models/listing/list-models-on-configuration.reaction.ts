import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../../reactions/reaction.js';
import { ModelCatalog } from '../read-model/model-catalog.js';
import { ProviderModelListing, whyUnlistable } from './provider-model-listing.service.js';

/**
 * Once an administrator sets a provider's endpoint or key, its endpoint is asked which
 * models it serves, by one of the processes sharing the database. The provider is read
 * as it is now: a listing asked with settings changed since is not recorded, and the
 * change's own delivery lists again. Delivery is at least once: a second listing records
 * the same models again, which leaves the catalog as it was.
 */
@Reaction({ name: 'provider-model-listing', events: ['ProviderConfigured'], delivery: 'once' })
@Injectable()
export class ListModelsOnConfigurationReaction implements ReactionHandler<'ProviderConfigured'> {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly listing: ProviderModelListing,
  ) {}

  async react(event: RecordedEvent<'ProviderConfigured'>): Promise<void> {
    // The catalog may not have heard of the change yet when another process recorded it.
    this.catalog.reflect([event]);
    const provider = await this.catalog.findProvider(event.data.providerId);
    // Removed since, or without a key: the built-in list is what there is.
    if (!provider || whyUnlistable(provider) !== null) return;
    await this.listing.list(provider, event.metadata.actorId);
  }
}
