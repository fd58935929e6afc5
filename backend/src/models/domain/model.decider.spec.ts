import { DEFAULT_MODEL_CONFIGURATION } from '@docent/common/models';
import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { modelDecider, type ModelEvent } from './model.decider.js';

const modelId = 'scripted:alpha';
const spec = specFor(modelDecider);

const tested = (success: boolean, error: string | null = null): ModelEvent => ({
  type: 'ModelTested',
  data: { modelId, success, responseTimeMs: 12, error },
});

describe('the model decider', () => {
  it('records only the settings that change, with their full values', () => {
    spec
      .given([])
      .when({ type: 'Update', modelId, configuration: { temperature: 0.2, topP: 1 }, limits: {} })
      .then([
        {
          type: 'ModelConfigured',
          data: { modelId, configuration: { ...DEFAULT_MODEL_CONFIGURATION, temperature: 0.2 } },
        },
      ]);
  });

  it('records nothing for an update that changes nothing', () => {
    spec
      .given([])
      .when({ type: 'Update', modelId, configuration: { temperature: 0.7 }, status: 'active' })
      .then([]);
  });

  it("records an administrator's status change", () => {
    spec
      .given([])
      .when({ type: 'Update', modelId, status: 'inactive' })
      .then([
        { type: 'ModelStatusChanged', data: { modelId, status: 'inactive', reason: null, changedBy: 'administrator' } },
      ]);
  });

  it('records new limits in full, and keeps the ones already set', () => {
    const limited: ModelEvent = {
      type: 'ModelLimitsChanged',
      data: { modelId, limits: { dailyRequests: 100, monthlyBudget: null, maxConcurrent: null } },
    };

    spec
      .given([limited])
      .when({ type: 'Update', modelId, limits: { maxConcurrent: 2 } })
      .then([
        {
          type: 'ModelLimitsChanged',
          data: { modelId, limits: { dailyRequests: 100, monthlyBudget: null, maxConcurrent: 2 } },
        },
      ]);
  });

  it('records every test, and a status change only when the outcome differs from the last one', () => {
    spec
      .given([])
      .when({ type: 'RecordTest', modelId, success: false, responseTimeMs: 12, error: 'Invalid API key' })
      .then([
        tested(false, 'Invalid API key'),
        {
          type: 'ModelStatusChanged',
          data: { modelId, status: 'error', reason: 'Invalid API key', changedBy: 'health-test' },
        },
      ]);
    spec
      .given([tested(false, 'Invalid API key')])
      .when({ type: 'RecordTest', modelId, success: false, responseTimeMs: 12, error: 'Invalid API key' })
      .then([tested(false, 'Invalid API key')]);
    spec
      .given([tested(false, 'down')])
      .when({ type: 'RecordTest', modelId, success: true, responseTimeMs: 12, error: null })
      .then([
        tested(true),
        { type: 'ModelStatusChanged', data: { modelId, status: 'active', reason: null, changedBy: 'health-test' } },
      ]);
  });

  it("keeps an administrator's choice of status as a setting, and a health test's verdict as the health", () => {
    spec
      .given([
        { type: 'ModelStatusChanged', data: { modelId, status: 'inactive', reason: null, changedBy: 'administrator' } },
        tested(false, 'down'),
        { type: 'ModelStatusChanged', data: { modelId, status: 'error', reason: 'down', changedBy: 'health-test' } },
      ])
      .thenState({
        configuration: DEFAULT_MODEL_CONFIGURATION,
        limits: { dailyRequests: null, monthlyBudget: null, maxConcurrent: null },
        adminStatus: 'inactive',
        health: 'failed',
      });
  });
});
