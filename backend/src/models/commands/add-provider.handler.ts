import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AddProviderResponse } from '@docent/common/models';
import type { ModelInfo } from '@docent/plugin-sdk';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { PluginRegistry } from '../../plugins/plugin-registry.js';
import { modelProviderDecider } from '../domain/model-provider.decider.js';
import { modelProviderStreamId } from '../domain/model.events.js';
import { ModelHealthChecks } from '../health/model-health-checks.service.js';
import { listedModel } from '../listing/provider-model-listing.service.js';
import { contextFor } from '../providers/provider-context.js';
import { withTimeout } from '../providers/provider-errors.js';
import { ModelCatalog } from '../read-model/model-catalog.js';
import { ModelViews } from '../read-model/model-views.js';
import { maskApiKey, ProviderSecrets, redactKey } from '../secrets/provider-secrets.js';
import { AddProviderCommand } from './add-provider.command.js';

/** A provider id from its display name: "Team Ollama" becomes `team-ollama`. */
function providerIdFrom(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'custom-endpoint';
}

/**
 * 'Add Provider': an OpenAI-compatible endpoint, spoken to by the installed plugin
 * that serves custom endpoints. Its models are listed from the endpoint itself, so an
 * endpoint that cannot be reached is refused (502) rather than added empty.
 */
@CommandHandler(AddProviderCommand)
export class AddProviderHandler implements ICommandHandler<AddProviderCommand> {
  private readonly timeoutMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly plugins: PluginRegistry,
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
    private readonly secrets: ProviderSecrets,
    private readonly health: ModelHealthChecks,
    private readonly views: ModelViews,
  ) {
    this.timeoutMs = config.models.callTimeoutMs;
  }

  async execute({ request, principal }: AddProviderCommand): Promise<AddProviderResponse> {
    const plugin = this.plugins.listProviders().find((candidate) => candidate.customEndpoints);
    if (!plugin?.listModels) {
      throw new DomainError('conflict', 'No installed provider plugin serves OpenAI-compatible endpoints');
    }
    const providerId = providerIdFrom(request.name);
    if (await this.catalog.findProvider(providerId)) {
      throw new DomainError('conflict', `A provider with the id ${providerId} already exists; choose another name`);
    }
    const apiKey = request.apiKey || undefined;
    const listModels = plugin.listModels.bind(plugin);
    let models: ModelInfo[];
    try {
      models = await withTimeout(this.timeoutMs, () =>
        listModels(contextFor(plugin.id, { baseURL: request.baseURL, apiKey })),
      );
    } catch (error) {
      const message = redactKey(error instanceof Error ? error.message : String(error), apiKey);
      throw new DomainError('upstream-failed', `Could not list the models at ${request.baseURL}: ${message}`);
    }
    if (models.length === 0)
      throw new DomainError('upstream-failed', `The endpoint at ${request.baseURL} lists no models`);

    const { events } = await this.decisions.handle(
      modelProviderDecider,
      modelProviderStreamId(providerId),
      {
        type: 'Add',
        providerId,
        pluginId: plugin.id,
        name: request.name,
        endpoint: request.baseURL,
        apiKey: apiKey ? { encrypted: this.secrets.encrypt(apiKey), masked: maskApiKey(apiKey) } : null,
        models: models.map(listedModel),
      },
      { actorId: principal.userId },
    );
    this.catalog.reflect(events);
    await this.health.testProvider(providerId, principal.userId);
    const provider = (await this.views.provider(providerId))!;
    const catalogModels = await this.catalog.models();
    return {
      success: true,
      provider,
      models: await this.views.toViews(catalogModels.filter((model) => model.provider.id === providerId)),
    };
  }
}
