import { Injectable } from '@nestjs/common';
import type { DomainEvent, EventMetadata, RecordedEvent } from '../../event-store/domain-event.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import { decideModel, evolveModel, initialModelState, type ModelCommand } from './model.decider.js';
import {
  decideModelProvider,
  evolveModelProvider,
  initialModelProviderState,
  type ModelProviderCommand,
} from './model-provider.decider.js';
import { decideRouting, evolveRouting, initialRoutingState, type RoutingCommand } from './model-routing.decider.js';
import {
  MODEL_PROVIDER_STREAM_TYPE,
  MODEL_ROUTING_STREAM_ID,
  MODEL_ROUTING_STREAM_TYPE,
  MODEL_STREAM_TYPE,
  modelProviderStreamId,
  modelStreamId,
} from './model.events.js';

/** Load, decide, append: the one path every change to a provider, a model or the routing takes. */
@Injectable()
export class ModelStreamWriter {
  constructor(private readonly eventStore: EventStore) {}

  async provider(command: ModelProviderCommand, metadata: EventMetadata): Promise<RecordedEvent[]> {
    const streamId = modelProviderStreamId(command.providerId);
    const { state, version } = await loadAggregate(
      this.eventStore,
      streamId,
      initialModelProviderState,
      evolveModelProvider,
    );
    return this.append(streamId, MODEL_PROVIDER_STREAM_TYPE, version, decideModelProvider(command, state), metadata);
  }

  async model(command: ModelCommand, metadata: EventMetadata): Promise<RecordedEvent[]> {
    const streamId = modelStreamId(command.modelId);
    const { state, version } = await loadAggregate(this.eventStore, streamId, initialModelState, evolveModel);
    return this.append(streamId, MODEL_STREAM_TYPE, version, decideModel(command, state), metadata);
  }

  async routing(command: RoutingCommand, metadata: EventMetadata): Promise<RecordedEvent[]> {
    const { state, version } = await loadAggregate(
      this.eventStore,
      MODEL_ROUTING_STREAM_ID,
      initialRoutingState,
      evolveRouting,
    );
    return this.append(
      MODEL_ROUTING_STREAM_ID,
      MODEL_ROUTING_STREAM_TYPE,
      version,
      decideRouting(command, state),
      metadata,
    );
  }

  private async append(
    streamId: string,
    streamType: string,
    expectedVersion: number,
    events: DomainEvent[],
    metadata: EventMetadata,
  ): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    return this.eventStore.append({ streamId, streamType, expectedVersion, events }, metadata);
  }
}
