import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import type { RoutingSettings } from './model.events.js';
import { modelRoutingDecider, type RoutingEvent } from './model-routing.decider.js';

const spec = specFor(modelRoutingDecider);

const configured = (settings: Partial<RoutingSettings>): RoutingEvent => ({
  type: 'RoutingConfigured',
  data: {
    primaryModelId: null,
    fallbackModelId: null,
    costOptimizedModelId: null,
    autoRouting: true,
    ...settings,
  },
});

const preferring = configured({
  primaryModelId: 'lab:llama',
  fallbackModelId: 'openai:gpt-6.2-sol',
  costOptimizedModelId: 'lab:phi',
});

describe('the model routing decider', () => {
  it('starts with no preferred model and auto-routing on', () => {
    spec.given([]).thenState({
      primaryModelId: null,
      fallbackModelId: null,
      costOptimizedModelId: null,
      autoRouting: true,
    });
  });

  it('records the full settings after a change of some of them', () => {
    spec
      .given([preferring])
      .when({ type: 'Configure', changes: { autoRouting: false, fallbackModelId: null } })
      .then([
        configured({
          primaryModelId: 'lab:llama',
          fallbackModelId: null,
          costOptimizedModelId: 'lab:phi',
          autoRouting: false,
        }),
      ]);
  });

  it('records nothing for a change to what is already set', () => {
    spec
      .given([preferring])
      .when({ type: 'Configure', changes: { primaryModelId: 'lab:llama', autoRouting: true } })
      .then([]);
  });

  it("stops naming a removed provider's models, and only those", () => {
    spec
      .given([preferring])
      .when({ type: 'ForgetProvider', providerId: 'lab' })
      .then([configured({ fallbackModelId: 'openai:gpt-6.2-sol' })]);
    spec.given([preferring]).when({ type: 'ForgetProvider', providerId: 'anthropic' }).then([]);
    // A provider whose id starts like another's is another provider.
    spec.given([preferring]).when({ type: 'ForgetProvider', providerId: 'la' }).then([]);
  });

  it('holds the settings last recorded', () => {
    spec.given([preferring, configured({ autoRouting: false })]).thenState({
      primaryModelId: null,
      fallbackModelId: null,
      costOptimizedModelId: null,
      autoRouting: false,
    });
  });
});
