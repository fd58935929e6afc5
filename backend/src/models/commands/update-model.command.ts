import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Model, ModelUpdate } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { ModelStreamWriter } from '../domain/model-stream-writer.js';
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
    private readonly streams: ModelStreamWriter,
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
    const metadata = { actorId: principal.userId };
    await this.streams.model(
      { type: 'Update', modelId, configuration: update.configuration, limits: update.limits, status: update.status },
      metadata,
    );
    if (update.endpoint !== undefined || update.apiKey !== undefined) {
      const reconfigured = await this.streams.provider(
        {
          type: 'Configure',
          providerId: provider.id,
          defaultEndpoint: provider.custom ? null : (provider.plugin.defaultBaseURL ?? null),
          endpoint: update.endpoint === undefined ? undefined : update.endpoint || null,
          apiKey:
            update.apiKey === undefined
              ? undefined
              : update.apiKey === ''
                ? null
                : { encrypted: this.secrets.encrypt(update.apiKey), masked: maskApiKey(update.apiKey) },
        },
        metadata,
      );
      if (reconfigured.length > 0) await this.health.testProvider(provider.id, principal.userId);
    }
    return this.views.view(modelId);
  }
}
