import { describe, expect, it } from '@jest/globals';
import type { RoutingConfiguration } from '@docent/common/models';
import type { CatalogModel } from '../read-model/model-catalog.js';
import { orderCandidates } from './candidate-order.js';
import { describeRouteChoice } from './route-choice.js';

function model(id: string, name: string, status: CatalogModel['status'], pricePer1k: number): CatalogModel {
  return {
    id,
    status,
    info: { name, pricing: { inputPer1kTokens: pricePer1k, outputPer1kTokens: pricePer1k } },
    provider: { name: id.split(':')[0] },
  } as unknown as CatalogModel;
}

const LOCAL = model('local:extractive', 'Extractive', 'active', 0);
const GPT = model('openai:gpt', 'GPT', 'active', 0.01);
const CLAUDE = model('anthropic:claude', 'Claude', 'inactive', 0.02);
const GEMINI = model('google:gemini', 'Gemini', 'active', 0.005);
const MODELS = [LOCAL, GPT, CLAUDE, GEMINI];

const routing: RoutingConfiguration = {
  primaryModelId: 'anthropic:claude',
  fallbackModelId: 'openai:gpt',
  costOptimizedModelId: 'local:extractive',
  autoRouting: true,
};

function choose(request: { model?: string; preference?: 'cost' }, config = routing) {
  const routable = MODELS.map((candidate) => ({
    ...candidate,
    costPerToken: candidate.info.pricing.inputPer1kTokens,
  }));
  return describeRouteChoice(orderCandidates(routable, config, request), MODELS, config, request);
}

describe('the route choice', () => {
  it("follows the router's order, saying why each model stands where it does and why one was passed over", () => {
    const choice = choose({});

    expect(choice.candidates.map((candidate) => [candidate.model, candidate.reason])).toEqual([
      ['openai:gpt', 'fallback model'],
      ['local:extractive', 'cheapest other active model (auto-routing)'],
      ['google:gemini', 'cheapest other active model (auto-routing)'],
    ]);
    expect(choice.chosen).toMatchObject({ model: 'openai:gpt', name: 'GPT', costPer1kTokens: 0.01 });
    expect(choice.reason).toBe('GPT is the fallback model; the primary model Claude is inactive');
  });

  it('puts the cost-optimized model first when the request asks for the cheapest answer', () => {
    const choice = choose({ preference: 'cost' });
    expect(choice.chosen?.model).toBe('local:extractive');
    expect(choice.reason).toMatch(
      /^Extractive is the cost-optimized model, and the request asks for the cheapest answer/,
    );
  });

  it('names the model the request named, and says why none can answer when it cannot', () => {
    expect(choose({ model: 'google:gemini' }).reason).toBe('Gemini is the model the request named');
    expect(choose({ model: 'anthropic:claude' })).toEqual({
      chosen: null,
      reason: 'No model can take the request: the named model Claude is inactive',
      candidates: [],
    });
    expect(choose({}, { ...routing, fallbackModelId: null, autoRouting: false })).toEqual({
      chosen: null,
      reason: 'No model can take the request: the primary model Claude is inactive',
      candidates: [],
    });
  });
});
