import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { Model, ModelLimitUsage, ModelProviderView, ModelStats, RoutingResponse } from '@docent/common/models';
import { ModelInvocationRecorder } from '../routing/invocation-recorder.js';
import { UsageLimits } from '../routing/usage-limits.js';
import { costPerThousand, ModelCatalog, type CatalogModel, type CatalogProvider } from './model-catalog.js';

interface UsageTotals {
  requests: number;
  errors: number;
  answered: number;
  finishedNormally: number;
  latencyMs: number;
  lastUsedAt: Date | null;
}

type UsageRow = { model_id: string } & Record<
  'requests' | 'errors' | 'answered' | 'finished_normally' | 'latency_ms',
  string | number
> & {
    last_used_at: Date | string | null;
  };

type StatsRow = Record<
  'requests' | 'errors' | 'cost' | 'latency_ms' | 'monthly_cost' | 'daily_requests',
  string | number
>;

/** The models, their figures and the routing as the API shows them; figures are read from the recorded calls. */
@Injectable()
export class ModelViews {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly catalog: ModelCatalog,
    private readonly recorder: ModelInvocationRecorder,
    private readonly usage: UsageLimits,
  ) {}

  async list(): Promise<Model[]> {
    return this.toViews(await this.catalog.models());
  }

  async view(modelId: string): Promise<Model> {
    return (await this.toViews([await this.catalog.model(modelId)]))[0]!;
  }

  async toViews(models: CatalogModel[]): Promise<Model[]> {
    const usage = await this.usageByModel();
    const totalRequests = [...usage.values()].reduce((sum, totals) => sum + totals.requests, 0);
    return models.map((model) => toModelView(model, usage.get(model.id), totalRequests));
  }

  async stats(): Promise<ModelStats> {
    await this.recorder.flush();
    const iso = new Date().toISOString();
    const [[row], models] = await Promise.all([
      this.orm.em.fork().execute<StatsRow[]>(
        `select coalesce(sum(requests), 0) as requests, coalesce(sum(errors), 0) as errors, coalesce(sum(cost), 0) as cost,
                coalesce(sum(latency_ms), 0) as latency_ms,
                coalesce(sum(cost) filter (where day >= ?::date), 0) as monthly_cost,
                coalesce(sum(requests) filter (where day = ?::date), 0) as daily_requests
         from model_usage_daily`,
        [`${iso.slice(0, 7)}-01`, iso.slice(0, 10)],
      ),
      this.catalog.models(),
    ]);
    const requests = Number(row?.requests ?? 0);
    const errors = Number(row?.errors ?? 0);
    return {
      totalModels: models.length,
      activeModels: models.filter((model) => model.status === 'active').length,
      totalRequests: requests,
      totalCost: roundTo(Number(row?.cost ?? 0), 6),
      averageResponseTime: requests > 0 ? roundTo(Number(row?.latency_ms ?? 0) / requests / 1000, 3) : 0,
      successRate: requests > 0 ? roundTo(((requests - errors) / requests) * 100, 2) : 100,
      monthlyCost: roundTo(Number(row?.monthly_cost ?? 0), 6),
      dailyRequests: Number(row?.daily_requests ?? 0),
    };
  }

  async routing(): Promise<RoutingResponse> {
    const [routing, models] = await Promise.all([this.catalog.routing(), this.catalog.models(), this.usage.ready()]);
    return { routing, usage: models.map((model) => this.limitUsage(model)) };
  }

  async providers(): Promise<ModelProviderView[]> {
    return (await this.catalog.providers()).map(toProviderView);
  }

  async provider(providerId: string): Promise<ModelProviderView | undefined> {
    const provider = await this.catalog.findProvider(providerId);
    return provider && toProviderView(provider);
  }

  private limitUsage(model: CatalogModel): ModelLimitUsage {
    const { requestsToday, costThisMonth, inFlight } = this.usage.ledger.usageOf(model.id);
    return {
      modelId: model.id,
      dailyRequests: { used: requestsToday, limit: model.limits.dailyRequests },
      monthlyBudget: { used: roundTo(costThisMonth, 6), limit: model.limits.monthlyBudget },
      concurrent: { used: inFlight, limit: model.limits.maxConcurrent },
    };
  }

  private async usageByModel(): Promise<Map<string, UsageTotals>> {
    await this.recorder.flush();
    const rows = await this.orm.em.fork().execute<UsageRow[]>(
      `select model_id, sum(requests) as requests, sum(errors) as errors, sum(answered) as answered,
              sum(finished_normally) as finished_normally, sum(latency_ms) as latency_ms, max(last_used_at) as last_used_at
       from model_usage_daily group by model_id`,
    );
    return new Map(
      rows.map((row) => [
        row.model_id,
        {
          requests: Number(row.requests),
          errors: Number(row.errors),
          answered: Number(row.answered),
          finishedNormally: Number(row.finished_normally),
          latencyMs: Number(row.latency_ms),
          lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
        },
      ]),
    );
  }
}

function toModelView(model: CatalogModel, usage: UsageTotals | undefined, totalRequests: number): Model {
  const { info, provider } = model;
  const requests = usage?.requests ?? 0;
  return {
    id: model.id,
    name: info.name,
    provider: provider.id,
    providerName: provider.name,
    status: model.status,
    statusReason: model.statusReason,
    responseTime: usage && requests > 0 ? roundTo(usage.latencyMs / requests / 1000, 3) : 0,
    costPerToken: roundTo(costPerThousand(info.pricing), 8),
    pricing: { inputPer1kTokens: info.pricing.inputPer1kTokens, outputPer1kTokens: info.pricing.outputPer1kTokens },
    accuracy: usage && usage.answered > 0 ? roundTo((usage.finishedNormally / usage.answered) * 100, 2) : null,
    usage: totalRequests > 0 ? roundTo((requests / totalRequests) * 100, 2) : 0,
    requests,
    errors: usage?.errors ?? 0,
    lastUsed: usage?.lastUsedAt?.toISOString() ?? null,
    endpoint: provider.endpoint,
    apiKey: provider.apiKey?.masked ?? null,
    requiresApiKey: provider.requiresApiKey,
    configuration: model.configuration,
    limits: model.limits,
    metadata: {
      contextWindow: info.contextWindow,
      trainingData: info.trainingData ?? null,
      capabilities: [...info.capabilities],
      strengths: [...(info.strengths ?? [])],
    },
  };
}

function toProviderView(provider: CatalogProvider): ModelProviderView {
  return {
    id: provider.id,
    name: provider.name,
    pluginId: provider.plugin.id,
    endpoint: provider.endpoint,
    apiKey: provider.apiKey?.masked ?? null,
    custom: provider.custom,
    modelIds: provider.models.map((info) => `${provider.id}:${info.id}`),
    modelsListedAt: provider.listedAt?.toISOString() ?? null,
    modelListingError: provider.listingFailure,
  };
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
