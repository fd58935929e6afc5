import type { PluginContext, RouteChoice, RouteChoiceRequest, RouteRequest } from '@docent/plugin-sdk';
import { describe, expect, it } from '@jest/globals';
import routeTool from './index.js';

const LOCAL = {
  model: 'local:extractive',
  name: 'Extractive',
  provider: 'Local',
  reason: 'primary model',
  costPer1kTokens: 0,
};
const CLOUD = { ...LOCAL, model: 'openai:gpt', name: 'GPT', provider: 'OpenAI', reason: 'fallback model' };

function contextOf(choice: RouteChoice, log: { explained: RouteChoiceRequest[]; routed: RouteRequest[] }) {
  return {
    router: {
      explain: async (request: RouteChoiceRequest = {}) => {
        log.explained.push(request);
        return choice;
      },
      route: async (request: RouteRequest) => {
        log.routed.push(request);
        return {
          text: 'An answer',
          usage: { inputTokens: 1, outputTokens: 2 },
          finishReason: 'stop',
          model: 'local:extractive',
        };
      },
    },
  } as unknown as PluginContext;
}

describe('the route tool', () => {
  it("names the model the router would pick, with the router's reason and candidates, and sends nothing", async () => {
    const log = { explained: [] as RouteChoiceRequest[], routed: [] as RouteRequest[] };
    const choice = { chosen: LOCAL, reason: 'Extractive is the primary model', candidates: [LOCAL, CLOUD] };
    const answer = await routeTool.execute!({ query: 'Summarise the report' }, contextOf(choice, log));

    expect(answer.result).toEqual({
      query: 'Summarise the report',
      model: 'local:extractive',
      modelName: 'Extractive',
      reason: 'Extractive is the primary model',
    });
    expect(answer.results).toEqual([
      { title: 'Extractive', ...LOCAL },
      { title: 'GPT', ...CLOUD },
    ]);
    expect(log).toEqual({ explained: [{ preference: undefined }], routed: [] });
  });

  it('with run, sends the query through the router and answers with the reply and who gave it', async () => {
    const log = { explained: [] as RouteChoiceRequest[], routed: [] as RouteRequest[] };
    const choice = { chosen: LOCAL, reason: 'Extractive is the primary model', candidates: [LOCAL] };
    const answer = await routeTool.execute!({ query: 'Hello', preference: 'cost', run: true }, contextOf(choice, log));

    expect(answer.result).toMatchObject({ answer: 'An answer', answeredBy: 'local:extractive' });
    expect(log.explained).toEqual([{ preference: 'cost' }]);
    expect(log.routed).toEqual([{ messages: [{ role: 'user', content: 'Hello' }], preference: 'cost' }]);
  });

  it('says why no model can answer when none can', async () => {
    const log = { explained: [] as RouteChoiceRequest[], routed: [] as RouteRequest[] };
    const choice = { chosen: null, reason: 'No model can take the request', candidates: [] };
    const answer = await routeTool.execute!({ query: 'Hello' }, contextOf(choice, log));

    expect(answer.result).toEqual({
      query: 'Hello',
      model: null,
      modelName: null,
      reason: 'No model can take the request',
    });
    expect(answer.results).toEqual([]);
  });

  it('is an ai tool that needs the model router', () => {
    expect(routeTool).toMatchObject({ name: 'route', category: 'ai', readOnly: true, requires: 'model-router' });
  });
});
