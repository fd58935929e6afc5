import { Inject, Injectable } from '@nestjs/common';
import type { ModelInfo } from '@docent/plugin-sdk';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { modelProviderDecider, type ModelListing } from '../domain/model-provider.decider.js';
import { modelProviderStreamId, type ListedModel } from '../domain/model.events.js';
import { ModelHealthChecks } from '../health/model-health-checks.service.js';
import { providerContext } from '../providers/provider-context.js';
import { withTimeout } from '../providers/provider-errors.js';
import { ModelCatalog, type CatalogProvider } from '../read-model/model-catalog.js';
import { ProviderSecrets, redactKey } from '../secrets/provider-secrets.js';

/** The longest failure reason kept: enough for a provider's explanation, not for a page of HTML. */
const MAX_REASON_LENGTH = 500;

/**
 * Asks a provider's endpoint which models it serves, with the provider's own endpoint
 * and key (the key goes nowhere else), and records the answer: the models, which then
 * replace the built-in list in the catalog, or why it could not list them, which leaves
 * the built-in list in use. Models new to the catalog are health-tested at once.
 */
@Injectable()
export class ProviderModelListing {
  private readonly timeoutMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
    private readonly secrets: ProviderSecrets,
    private readonly health: ModelHealthChecks,
  ) {
    this.timeoutMs = config.models.callTimeoutMs;
  }

  /** Lists and records; the provider must be one that can list now (see whyUnlistable). */
  async list(provider: CatalogProvider, actorId: string | null): Promise<ModelListing> {
    const listing = await this.ask(provider);
    const { events } = await this.decisions.handle(
      modelProviderDecider,
      modelProviderStreamId(provider.id),
      {
        type: 'RecordListing',
        providerId: provider.id,
        listedWith: { endpoint: provider.configuredEndpoint, encryptedApiKey: provider.apiKey?.encrypted ?? null },
        listing,
      },
      { actorId },
    );
    this.catalog.reflect(events);
    const known = new Set(provider.models.map((model) => model.id));
    if (listing.outcome === 'listed' && events.length > 0 && listing.models.some((model) => !known.has(model.id))) {
      await this.health.testProvider(provider.id, actorId);
    }
    return listing;
  }

  private async ask(provider: CatalogProvider): Promise<ModelListing> {
    let apiKey: string | undefined;
    try {
      const context = providerContext(provider, this.secrets);
      apiKey = context.config.apiKey;
      const listModels = provider.plugin.listModels!.bind(provider.plugin);
      const models = await withTimeout(this.timeoutMs, () => listModels(context));
      if (models.length === 0) return { outcome: 'failed', reason: `${provider.name} lists no models` };
      return { outcome: 'listed', models: models.map(listedModel) };
    } catch (error) {
      const message = redactKey(error instanceof Error ? error.message : String(error), apiKey);
      return { outcome: 'failed', reason: message.slice(0, MAX_REASON_LENGTH) };
    }
  }
}

/** Why a provider's models cannot be listed now, or null when they can. */
export function whyUnlistable(provider: CatalogProvider): string | null {
  if (!provider.plugin.listModels) return `${provider.name} cannot list the models it serves`;
  if (provider.requiresApiKey && provider.apiKey === null) {
    return `Set an API key for ${provider.name} before listing its models`;
  }
  return null;
}

/** What a plugin said of a model an endpoint serves: the facts the events keep, and nothing else a plugin put there. */
export function listedModel(info: ModelInfo): ListedModel {
  return {
    id: info.id,
    name: info.name,
    contextWindow: info.contextWindow,
    pricing: { inputPer1kTokens: info.pricing.inputPer1kTokens, outputPer1kTokens: info.pricing.outputPer1kTokens },
    capabilities: [...info.capabilities],
    ...(info.trainingData !== undefined && { trainingData: info.trainingData }),
    ...(info.strengths !== undefined && { strengths: [...info.strengths] }),
  };
}
