import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Model, ModelUpdate } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { modelDecider } from '../domain/model.decider.js';
import { modelProviderDecider, type ModelProviderCommand } from '../domain/model-provider.decider.js';
import { modelProviderStreamId, modelStreamId, type StoredApiKey } from '../domain/model.events.js';
import { ModelHealthChecks } from '../health/model-health-checks.service.js';
import { ModelCatalog } from '../read-model/model-catalog.js';
import { ModelViews } from '../read-model/model-views.js';
import { maskApiKey, ProviderSecrets } from '../secrets/provider-secrets.js';

export class UpdateModelCommand {
  constructor(
    readonly modelId: string,
    readonly update: ModelUpdate,
    readonly principal: Principal,
  ) {}
}

/**
 * Changes a model's parameters, limits or status, and its provider's endpoint or key
 * (for all the provider's models). A new endpoint clears the stored key unless the same
 * request brings one. A new endpoint or key is health-tested at once, so the model
 * answered is already active or in error.
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
    const model = await this.catalog.model(modelId);
    const { provider } = model;
    if (update.endpoint === '' && provider.custom) {
      throw new DomainError('invalid', 'endpoint cannot be removed from a provider added with Add Provider');
    }
    const reconfiguresProvider = update.endpoint !== undefined || update.apiKey !== undefined;
    // The model's settings and its provider's change together, or neither does.
    const [modelChange, providerChange] = await this.decisions.handleAll(
      [
        {
          decider: modelDecider,
          streamId: modelStreamId(modelId),
          command: {
            type: 'Update',
            modelId,
            configuration: update.configuration,
            limits: update.limits,
            status: update.status,
          },
        },
        ...(reconfiguresProvider
          ? [
              {
                decider: modelProviderDecider,
                streamId: modelProviderStreamId(provider.id),
                command: {
                  type: 'Configure',
                  providerId: provider.id,
                  defaultEndpoint: provider.custom ? null : (provider.plugin.defaultBaseURL ?? null),
                  endpoint: update.endpoint === undefined ? undefined : update.endpoint || null,
                  apiKey: this.storedKey(update.apiKey),
                } satisfies ModelProviderCommand,
              },
            ]
          : []),
      ],
      { actorId: principal.userId },
    );
    const reconfigured = providerChange?.events ?? [];
    this.catalog.reflect([...modelChange!.events, ...reconfigured]);
    if (reconfigured.length > 0) await this.health.testProvider(provider.id, principal.userId);
    return this.views.view(modelId);
  }

  /** `undefined` leaves the key as it is, an empty key removes it. */
  private storedKey(apiKey: string | undefined): StoredApiKey | null | undefined {
    if (apiKey === undefined) return undefined;
    return apiKey === '' ? null : { encrypted: this.secrets.encrypt(apiKey), masked: maskApiKey(apiKey) };
  }
}
