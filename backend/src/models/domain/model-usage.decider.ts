import type { Decider } from '../../event-store/decider.js';
import type { DomainEvent, DomainEventMap } from '../../event-store/domain-event.js';
import { MODEL_USAGE_STREAM_TYPE } from './model.events.js';

export type ModelInvocation = DomainEventMap['ModelInvoked'];

export type ModelUsageCommand = { type: 'RecordCalls'; calls: readonly ModelInvocation[] };

export type ModelUsageEvent = DomainEvent<'ModelInvoked'>;

/**
 * A model's calls: facts with nothing to decide from the calls before them, so the stream
 * is appended to without being read and has no state to speak of.
 */
export const modelUsageDecider: Decider<ModelUsageCommand, ModelUsageEvent, null> = {
  streamType: MODEL_USAGE_STREAM_TYPE,
  appendOnly: true,
  initialState: () => null,
  decide: (command) => command.calls.map((data) => ({ type: 'ModelInvoked', data })),
  evolve: (state) => state,
};
