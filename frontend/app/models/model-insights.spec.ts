import type { Model, ModelLimitUsage } from '@docent/common/models';
import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import { modelFormat } from './model-format';
import { costBreakdownRows, errorRate, modelAlerts as alertsOf, systemHealth as healthOf } from './model-insights';
import { SAMPLE_MODELS } from './sample-models';

const t = englishT('models');
const systemHealth = (models: readonly Model[]) => healthOf(models, t);
const modelAlerts = (models: readonly Model[], usage: readonly ModelLimitUsage[]) =>
  alertsOf(models, usage, t, modelFormat('en'));

const base = SAMPLE_MODELS[0]!;
const model = (id: string, fields: Partial<Model> = {}): Model => ({ ...base, id, name: id, ...fields });

const usage = (
  modelId: string,
  daily: [number, number | null],
  budget: [number, number | null] = [0, null],
): ModelLimitUsage => ({
  modelId,
  dailyRequests: { used: daily[0], limit: daily[1] },
  monthlyBudget: { used: budget[0], limit: budget[1] },
  concurrent: { used: 0, limit: null },
});

describe('system health from the models statuses', () => {
  it('is healthy when every model is active or switched off', () => {
    const health = systemHealth([model('a'), model('b', { status: 'inactive' })]);
    expect(health.level).toBe('healthy');
    expect(health.summary).toBe('1 of 2 models active.');
  });

  it('is degraded when some models fail or wait for configuration, down when none is active', () => {
    const models = [model('a'), model('b', { status: 'error' }), model('c', { status: 'configuring' })];
    expect(systemHealth(models)).toMatchObject({
      level: 'degraded',
      summary: '1 of 3 models active, 2 need attention.',
    });
    expect(systemHealth([model('b', { status: 'error' })]).level).toBe('down');
    expect(systemHealth([]).summary).toBe('No models are installed.');
  });
});

describe('recent alerts from the models state', () => {
  it('says nothing when nothing is wrong', () => {
    expect(modelAlerts([model('a', { errors: 15, requests: 100 })], [usage('a', [10, 1000])])).toEqual([]);
  });

  it('reports a model in error with the server reason, and one waiting for configuration', () => {
    const alerts = modelAlerts(
      [
        model('cloud', { status: 'configuring', statusReason: 'No API key is set' }),
        model('local', { status: 'error', statusReason: 'Timed out' }),
      ],
      [],
    );
    expect(alerts.map(({ severity, title, detail }) => ({ severity, title, detail }))).toEqual([
      { severity: 'danger', title: 'local is failing', detail: 'Timed out' },
      { severity: 'warning', title: 'cloud needs configuration', detail: 'No API key is set' },
    ]);
  });

  it('reports the models of one provider waiting for the same reason as one alert', () => {
    const waiting = (id: string) =>
      model(id, {
        status: 'configuring',
        statusReason: 'Set an API key for OpenAI',
        provider: 'openai',
        providerName: 'OpenAI',
      });
    const alerts = modelAlerts([waiting('gpt-4o'), waiting('gpt-4o-mini')], []);
    expect(alerts.map(({ title, detail }) => ({ title, detail }))).toEqual([
      { title: '2 OpenAI models need configuration', detail: 'Set an API key for OpenAI (gpt-4o, gpt-4o-mini)' },
    ]);
  });

  it('reports errors above the badge threshold', () => {
    expect(modelAlerts([model('a', { errors: 16, requests: 200 })], [])[0]).toMatchObject({
      title: 'a has 16 errors',
      detail: '16 of its 200 requests failed.',
    });
  });

  it('reports a limit from 80% used, and a reached one as danger', () => {
    const alerts = modelAlerts([model('a')], [usage('a', [800, 1000], [25, 20])]);
    expect(alerts.map(({ severity, title, detail }) => ({ severity, title, detail }))).toEqual([
      { severity: 'danger', title: 'a has reached its monthly budget', detail: '$25.00 of $20.00 used (100%).' },
      { severity: 'warning', title: 'a is near its daily request limit', detail: '800 of 1,000 used (80%).' },
    ]);
  });
});

describe('cost breakdown', () => {
  it('applies the spec formula per model, largest first, as a share of the monthly cost', () => {
    const rows = costBreakdownRows(
      [model('cheap', { requests: 300, costPerToken: 0.001 }), model('dear', { requests: 30, costPerToken: 0.02 })],
      100,
    );
    expect(
      rows.map(({ name, cost, share }) => ({ name, cost: Number(cost.toFixed(6)), share: Number(share.toFixed(6)) })),
    ).toEqual([
      { name: 'dear', cost: 20, share: 20 },
      { name: 'cheap', cost: 10, share: 10 },
    ]);
  });

  it('measures the share against 4000 while there is no monthly cost yet', () => {
    expect(costBreakdownRows([model('a', { requests: 120, costPerToken: 0.01 })], 0)[0]!.share).toBeCloseTo(1);
  });
});

describe('error rate', () => {
  it('is the failed share of requests, absent before any request', () => {
    expect(errorRate({ errors: 5, requests: 200 })).toBe(2.5);
    expect(errorRate({ errors: 0, requests: 0 })).toBeNull();
  });
});
