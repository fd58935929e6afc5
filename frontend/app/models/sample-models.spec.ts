import { describe, expect, it } from '@jest/globals';
import { SAMPLE_MODEL_STATS, SAMPLE_MODELS, SAMPLE_ROUTING } from './sample-models';

describe('the sample data shown while the server is unreachable', () => {
  it('is the spec three sample models with its sample limits', () => {
    expect(SAMPLE_MODELS.map((model) => [model.name, model.limits])).toEqual([
      ['gpt-4-turbo', { dailyRequests: 1000, monthlyBudget: 2000, maxConcurrent: 5 }],
      ['claude-3-opus', { dailyRequests: 800, monthlyBudget: 1500, maxConcurrent: 3 }],
      ['gpt-3.5-turbo', { dailyRequests: 2000, monthlyBudget: 500, maxConcurrent: 10 }],
    ]);
  });

  it('claims no traffic: no requests, cost or latency anywhere', () => {
    expect(SAMPLE_MODELS.every((model) => model.requests === 0 && model.errors === 0 && model.accuracy === null)).toBe(
      true,
    );
    expect(SAMPLE_MODEL_STATS).toMatchObject({
      totalModels: 3,
      totalRequests: 0,
      totalCost: 0,
      monthlyCost: 0,
      successRate: 100,
    });
    expect(
      SAMPLE_ROUTING.usage.every((usage) => usage.dailyRequests.used === 0 && usage.monthlyBudget.used === 0),
    ).toBe(true);
  });
});
