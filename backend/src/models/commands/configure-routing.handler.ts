import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RoutingResponse } from '@docent/common/models';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { modelRoutingDecider } from '../domain/model-routing.decider.js';
import { MODEL_ROUTING_STREAM_ID } from '../domain/model.events.js';
import { ModelCatalog } from '../read-model/model-catalog.js';
import { ModelViews } from '../read-model/model-views.js';
import { ConfigureRoutingCommand } from './configure-routing.command.js';

const ROUTED_MODEL_FIELDS = ['primaryModelId', 'fallbackModelId', 'costOptimizedModelId'] as const;

/** Changes which models the router prefers; each one named must be a model the providers offer. */
@CommandHandler(ConfigureRoutingCommand)
export class ConfigureRoutingHandler implements ICommandHandler<ConfigureRoutingCommand> {
  constructor(
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
    private readonly views: ModelViews,
  ) {}

  async execute({ changes, principal }: ConfigureRoutingCommand): Promise<RoutingResponse> {
    for (const field of ROUTED_MODEL_FIELDS) {
      const modelId = changes[field];
      if (modelId && !(await this.catalog.findModel(modelId))) {
        throw new DomainError('invalid', `${field}: no model has the id ${modelId}`);
      }
    }
    const { events } = await this.decisions.handle(
      modelRoutingDecider,
      MODEL_ROUTING_STREAM_ID,
      { type: 'Configure', changes },
      { actorId: principal.userId },
    );
    this.catalog.reflect(events);
    return this.views.routing();
  }
}
