import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import { MODEL_ROUTING_STREAM_TYPE, modelIdOf, type RoutingSettings } from './model.events.js';

export type RoutingCommand =
  | { type: 'Configure'; changes: Partial<RoutingSettings> }
  /** The provider is gone: the routing stops naming its models. */
  | { type: 'ForgetProvider'; providerId: string };

export type RoutingEvent = DomainEvent<'RoutingConfigured'>;

const ROUTED_MODEL_FIELDS = ['primaryModelId', 'fallbackModelId', 'costOptimizedModelId'] as const;

function decide(command: RoutingCommand, state: RoutingSettings): RoutingEvent[] {
  switch (command.type) {
    case 'Configure':
      return configured(state, { ...state, ...command.changes });
    case 'ForgetProvider': {
      const prefix = modelIdOf(command.providerId, '');
      const forgotten = ROUTED_MODEL_FIELDS.filter((field) => state[field]?.startsWith(prefix));
      return configured(state, { ...state, ...Object.fromEntries(forgotten.map((field) => [field, null])) });
    }
    default:
      return assertNever(command);
  }
}

/** The full settings after a change, when anything changed. */
function configured(state: RoutingSettings, next: RoutingSettings): RoutingEvent[] {
  const changed = (Object.keys(next) as (keyof RoutingSettings)[]).some((key) => next[key] !== state[key]);
  return changed ? [{ type: 'RoutingConfigured', data: next }] : [];
}

/**
 * The one routing configuration: which models the router prefers and whether it may try
 * any other. No preferred models and auto-routing on until an administrator says otherwise:
 * every active model may take a request, cheapest first.
 */
export const modelRoutingDecider: Decider<RoutingCommand, RoutingEvent, RoutingSettings> = {
  streamType: MODEL_ROUTING_STREAM_TYPE,
  initialState: () => ({
    primaryModelId: null,
    fallbackModelId: null,
    costOptimizedModelId: null,
    autoRouting: true,
  }),
  decide,
  evolve: (_state, event) => ({ ...event.data }),
};
