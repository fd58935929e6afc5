import type { RoutingConfiguration } from '@docent/common/models';
import { assertNever, type DomainEvent, type RecordedEvent } from '../../event-store/domain-event.js';

/** No preferred models and auto-routing on: every active model may take a request, cheapest first. */
export const initialRoutingState = (): RoutingConfiguration => ({
  primaryModelId: null,
  fallbackModelId: null,
  costOptimizedModelId: null,
  autoRouting: true,
});

export type RoutingCommand = { type: 'Configure'; changes: Partial<RoutingConfiguration> };

export function decideRouting(command: RoutingCommand, state: RoutingConfiguration): DomainEvent[] {
  switch (command.type) {
    case 'Configure': {
      const next = { ...state, ...command.changes };
      const changed = (Object.keys(next) as (keyof RoutingConfiguration)[]).some((key) => next[key] !== state[key]);
      return changed ? [{ type: 'RoutingConfigured', data: next }] : [];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolveRouting(
  _state: RoutingConfiguration,
  event: RecordedEvent<'RoutingConfigured'>,
): RoutingConfiguration {
  return { ...event.data };
}
