import type { RoutingConfiguration } from '@docent/common/models';
import { describe, expect, it } from '@jest/globals';
import { orderCandidates, type RoutableModel } from './candidate-order.js';

const models: RoutableModel[] = [
  { id: 'a:premium', status: 'active', costPerToken: 0.03 },
  { id: 'b:mid', status: 'active', costPerToken: 0.01 },
  { id: 'c:cheap', status: 'active', costPerToken: 0.001 },
  { id: 'd:free', status: 'active', costPerToken: 0 },
  { id: 'e:broken', status: 'error', costPerToken: 0 },
  { id: 'f:off', status: 'inactive', costPerToken: 0 },
];

const routing = (overrides: Partial<RoutingConfiguration> = {}): RoutingConfiguration => ({
  primaryModelId: 'a:premium',
  fallbackModelId: 'b:mid',
  costOptimizedModelId: 'c:cheap',
  autoRouting: true,
  ...overrides,
});

const ids = (list: RoutableModel[]) => list.map((model) => model.id);

describe('orderCandidates', () => {
  it('tries the primary, the fallback, then every other active model cheapest first', () => {
    expect(ids(orderCandidates(models, routing(), {}))).toEqual(['a:premium', 'b:mid', 'd:free', 'c:cheap']);
  });

  it('puts the cost-optimized model first when the request prefers cost', () => {
    expect(ids(orderCandidates(models, routing(), { preference: 'cost' }))).toEqual([
      'c:cheap',
      'a:premium',
      'b:mid',
      'd:free',
    ]);
  });

  it('stops after the primary and the fallback when auto-routing is off', () => {
    expect(ids(orderCandidates(models, routing({ autoRouting: false }), {}))).toEqual(['a:premium', 'b:mid']);
  });

  it('skips preferred models that cannot take requests', () => {
    expect(
      ids(
        orderCandidates(
          models,
          routing({ primaryModelId: 'e:broken', fallbackModelId: 'f:off', autoRouting: false }),
          {},
        ),
      ),
    ).toEqual([]);
    expect(ids(orderCandidates(models, routing({ primaryModelId: 'e:broken' }), {}))[0]).toBe('b:mid');
  });

  it('with nothing configured, offers every active model cheapest first', () => {
    const none = routing({ primaryModelId: null, fallbackModelId: null, costOptimizedModelId: null });

    expect(ids(orderCandidates(models, none, {}))).toEqual(['d:free', 'c:cheap', 'b:mid', 'a:premium']);
  });

  it('answers only with a model the caller named, if it is active', () => {
    expect(ids(orderCandidates(models, routing(), { model: 'c:cheap' }))).toEqual(['c:cheap']);
    expect(ids(orderCandidates(models, routing(), { model: 'e:broken' }))).toEqual([]);
    expect(ids(orderCandidates(models, routing(), { model: 'z:unknown' }))).toEqual([]);
  });

  it('ignores preferred ids that name no model', () => {
    expect(ids(orderCandidates(models, routing({ primaryModelId: 'gone:model', autoRouting: false }), {}))).toEqual([
      'b:mid',
    ]);
  });
});
