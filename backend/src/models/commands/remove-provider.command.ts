import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { PROVIDER_NOT_FOUND } from '../domain/model-provider.decider.js';
import { ModelStreamWriter } from '../domain/model-stream-writer.js';
import { ModelCatalog } from '../read-model/model-catalog.js';

export class RemoveProviderCommand {
  constructor(
    readonly providerId: string,
    readonly principal: Principal,
  ) {}
}

const ROUTED_MODEL_FIELDS = ['primaryModelId', 'fallbackModelId', 'costOptimizedModelId'] as const;

/** Removes an endpoint added with 'Add Provider'; the routing stops naming its models. Installed plugins stay. */
@CommandHandler(RemoveProviderCommand)
export class RemoveProviderHandler implements ICommandHandler<RemoveProviderCommand> {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly streams: ModelStreamWriter,
  ) {}

  async execute({ providerId, principal }: RemoveProviderCommand): Promise<void> {
    const provider = await this.catalog.findProvider(providerId);
    if (!provider) throw new DomainError('not-found', PROVIDER_NOT_FOUND);
    if (!provider.custom) {
      throw new DomainError(
        'conflict',
        `${provider.name} is an installed plugin; only providers added with Add Provider can be removed`,
      );
    }
    const metadata = { actorId: principal.userId };
    await this.streams.provider({ type: 'Remove', providerId }, metadata);
    const routing = await this.catalog.routing();
    const prefix = `${providerId}:`;
    const cleared = Object.fromEntries(
      ROUTED_MODEL_FIELDS.filter((field) => routing[field]?.startsWith(prefix)).map((field) => [field, null]),
    );
    if (Object.keys(cleared).length > 0) await this.streams.routing({ type: 'Configure', changes: cleared }, metadata);
  }
}
