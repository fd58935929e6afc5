import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { modelProviderDecider, PROVIDER_NOT_FOUND } from '../domain/model-provider.decider.js';
import { modelRoutingDecider } from '../domain/model-routing.decider.js';
import { MODEL_ROUTING_STREAM_ID, modelProviderStreamId } from '../domain/model.events.js';
import { ModelCatalog } from '../read-model/model-catalog.js';
import { RemoveProviderCommand } from './remove-provider.command.js';

/** Removes an endpoint added with 'Add Provider'; the routing stops naming its models. Installed plugins stay. */
@CommandHandler(RemoveProviderCommand)
export class RemoveProviderHandler implements ICommandHandler<RemoveProviderCommand> {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
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
    // The provider and the routing's mentions of its models go together, or neither does.
    const handled = await this.decisions.handleAll(
      [
        {
          decider: modelProviderDecider,
          streamId: modelProviderStreamId(providerId),
          command: { type: 'Remove', providerId },
        },
        {
          decider: modelRoutingDecider,
          streamId: MODEL_ROUTING_STREAM_ID,
          command: { type: 'ForgetProvider', providerId },
        },
      ],
      { actorId: principal.userId },
    );
    this.catalog.reflect(handled.flatMap(({ events }) => events));
  }
}
