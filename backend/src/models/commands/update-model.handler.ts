import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Model } from '@docent/common/models';
import { DomainError } from '../../common/domain-error.js';
import { Decisions, type Decision } from '../../event-store/decisions.service.js';
import { modelDecider, type ModelCommand, type ModelEvent, type ModelState } from '../domain/model.decider.js';
import {
  modelProviderDecider,
  type ModelProviderCommand,
  type ModelProviderEvent,
  type ModelProviderState,
} from '../domain/model-provider.decider.js';
import { modelProviderStreamId, modelStreamId, type StoredApiKey } from '../domain/model.events.js';
import { ModelHealthChecks } from '../health/model-health-checks.service.js';
import { ModelCatalog, modelStatus, type CatalogModel, type CatalogProvider } from '../read-model/model-catalog.js';
import { ModelViews } from '../read-model/model-views.js';
import { maskApiKey, ProviderSecrets } from '../secrets/provider-secrets.js';
import { UpdateModelCommand } from './update-model.command.js';

/**
 * Changes a model's parameters, limits or status, and its provider's endpoint or key
 * (for all the provider's models), together or not at all. A new endpoint clears the
 * stored key unless the same request brings one. A new endpoint or key is health-tested
 * at once, so the model answered is already active or in error.
 */
@CommandHandler(UpdateModelCommand)
export class UpdateModelHandler implements ICommandHandler<UpdateModelCommand> {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
    private readonly secrets: ProviderSecrets,
    private readonly health: ModelHealthChecks,
    private readonly views: ModelViews,
  ) {}

  async execute({ modelId, update, principal }: UpdateModelCommand): Promise<Model> {
    const before = await this.catalog.model(modelId);
    const { provider } = before;
    if (update.endpoint === '' && provider.custom) {
      throw new DomainError('invalid', 'endpoint cannot be removed from a provider added with Add Provider');
    }
    const modelChange: Decision<ModelCommand, ModelEvent, ModelState> = {
      decider: modelDecider,
      streamId: modelStreamId(modelId),
      command: {
        type: 'Update',
        modelId,
        configuration: update.configuration,
        limits: update.limits,
        status: update.status,
      },
    };
    const reconfiguresProvider = update.endpoint !== undefined || update.apiKey !== undefined;
    const [changedModel, changedProvider] = await this.decisions.handleAll(
      reconfiguresProvider ? [modelChange, this.providerChange(provider, update)] : [modelChange],
      { actorId: principal.userId },
    );
    const reconfigured = changedProvider?.events ?? [];
    this.catalog.reflect([...changedModel!.events, ...reconfigured]);
    if (reconfigured.length > 0) await this.health.testProvider(provider.id, principal.userId);
    if (await this.catalog.findModel(modelId)) return this.views.view(modelId);
    return this.offTheList(before, update);
  }

  /**
   * Removing the key brings back the provider's built-in list, which may not have this
   * listed model: it is answered as the change left it, no longer in the catalog.
   */
  private async offTheList(before: CatalogModel, update: UpdateModelCommand['update']): Promise<Model> {
    const provider = (await this.catalog.findProvider(before.provider.id)) ?? before.provider;
    const status = modelStatus({
      adminStatus: update.status ?? (before.status === 'inactive' ? 'inactive' : 'active'),
      providerName: provider.name,
      keyMissing: provider.requiresApiKey && provider.apiKey === null,
      health: 'untested',
      healthReason: null,
    });
    const [view] = await this.views.toViews([
      {
        ...before,
        provider,
        configuration: { ...before.configuration, ...update.configuration },
        limits: { ...before.limits, ...update.limits },
        ...status,
      },
    ]);
    return view!;
  }

  private providerChange(
    provider: CatalogProvider,
    { endpoint, apiKey }: UpdateModelCommand['update'],
  ): Decision<ModelProviderCommand, ModelProviderEvent, ModelProviderState> {
    return {
      decider: modelProviderDecider,
      streamId: modelProviderStreamId(provider.id),
      command: {
        type: 'Configure',
        providerId: provider.id,
        defaultEndpoint: provider.custom ? null : (provider.plugin.defaultBaseURL ?? null),
        // An empty endpoint goes back to the plugin's default.
        endpoint: endpoint === undefined ? undefined : endpoint || null,
        apiKey: this.storedKey(apiKey),
      },
    };
  }

  /** `undefined` leaves the key as it is, an empty key removes it. */
  private storedKey(apiKey: string | undefined): StoredApiKey | null | undefined {
    if (apiKey === undefined) return undefined;
    return apiKey === '' ? null : { encrypted: this.secrets.encrypt(apiKey), masked: maskApiKey(apiKey) };
  }
}
