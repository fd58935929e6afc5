import {
  costBreakdown,
  MODEL_STATUSES,
  type Model,
  type ModelLimitUsage,
  type ModelStatus,
} from '@docent/common/models';
import type { TFunction } from 'i18next';
import { hasTooManyErrors, limitUsedPercent, type ModelFormat } from './model-format';

/** A limit this full is worth an alert before requests start being refused. */
const NEAR_LIMIT_PERCENT = 80;

export interface SystemHealth {
  /** Models per status, in the order of MODEL_STATUSES. */
  counts: Record<ModelStatus, number>;
  /** 'healthy': every model that is switched on works; 'degraded': some are failing or unconfigured; 'down': none works. */
  level: 'healthy' | 'degraded' | 'down';
  summary: string;
}

/** The Overview's system health, read from the models' own statuses. */
export function systemHealth(models: readonly Model[], t: TFunction<'models'>): SystemHealth {
  const counts = Object.fromEntries(MODEL_STATUSES.map((status) => [status, 0])) as Record<ModelStatus, number>;
  for (const model of models) counts[model.status] += 1;
  const troubled = counts.error + counts.configuring;
  const level = counts.active === 0 ? 'down' : troubled > 0 ? 'degraded' : 'healthy';
  const activeOf = t('health.activeOf', { active: counts.active, count: models.length });
  const summary =
    models.length === 0
      ? t('noModels')
      : troubled > 0
        ? t('health.summaryTroubled', { activeOf, count: troubled })
        : t('health.summary', { activeOf });
  return { counts, level, summary };
}

export interface ModelAlert {
  key: string;
  severity: 'danger' | 'warning';
  title: string;
  detail: string;
}

/** How each limit's figures are written: requests counted, the budget in dollars. */
const LIMIT_FORMATS = {
  dailyRequests: 'count',
  monthlyBudget: 'dollars',
  concurrent: 'count',
} as const satisfies Record<string, keyof ModelFormat>;

/**
 * Models waiting for configuration for the same reason (every model of a provider
 * without its key) make one alert, not one each.
 */
function configurationAlerts(models: readonly Model[], t: TFunction<'models'>): ModelAlert[] {
  const groups = new Map<string, Model[]>();
  for (const model of models.filter((candidate) => candidate.status === 'configuring')) {
    const key = `${model.provider}:${model.statusReason ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), model]);
  }
  return [...groups].map(([key, waiting]) => {
    const [first] = waiting as [Model, ...Model[]];
    const reason = first.statusReason ?? t('alerts.theyCannotTakeRequests');
    return waiting.length === 1
      ? {
          key: `configuring:${key}`,
          severity: 'warning',
          title: t('alerts.needsConfiguration', { model: first.name }),
          detail: first.statusReason ?? t('alerts.cannotTakeRequests'),
        }
      : {
          key: `configuring:${key}`,
          severity: 'warning',
          title: t('alerts.providerNeedsConfiguration', { number: waiting.length, provider: first.providerName }),
          detail: t('alerts.groupDetail', { reason, models: waiting.map((model) => model.name).join(', ') }),
        };
  });
}

/**
 * The Overview's recent alerts, from the models' state right now: models in error or
 * waiting for configuration (with the server's reason), models past the error badge
 * threshold, and limits at least 80% used. Nothing is made up: no state, no alert.
 */
export function modelAlerts(
  models: readonly Model[],
  usage: readonly ModelLimitUsage[],
  t: TFunction<'models'>,
  format: ModelFormat,
): ModelAlert[] {
  const alerts: ModelAlert[] = configurationAlerts(models, t);
  for (const model of models) {
    if (model.status === 'error') {
      alerts.push({
        key: `${model.id}:error`,
        severity: 'danger',
        title: t('alerts.failing', { model: model.name }),
        detail: model.statusReason ?? t('alerts.healthTestFailed'),
      });
    }
    if (hasTooManyErrors(model.errors)) {
      alerts.push({
        key: `${model.id}:errors`,
        severity: 'warning',
        title: t('alerts.tooManyErrors', { model: model.name, errors: format.count(model.errors) }),
        detail: t('alerts.errorsDetail', {
          errors: format.count(model.errors),
          requests: format.count(model.requests),
        }),
      });
    }
    const modelUsage = usage.find((entry) => entry.modelId === model.id);
    if (!modelUsage) continue;
    for (const kind of Object.keys(LIMIT_FORMATS) as Array<keyof typeof LIMIT_FORMATS>) {
      const { used, limit } = modelUsage[kind];
      const percent = limitUsedPercent(used, limit);
      if (percent === null || limit === null || percent < NEAR_LIMIT_PERCENT) continue;
      const figure = format[LIMIT_FORMATS[kind]];
      alerts.push({
        key: `${model.id}:${kind}`,
        severity: percent >= 100 ? 'danger' : 'warning',
        title: t(percent >= 100 ? `alerts.reachedLimit.${kind}` : `alerts.nearLimit.${kind}`, { model: model.name }),
        detail: t('alerts.limitDetail', { used: figure(used), limit: figure(limit), percent: format.percent(percent) }),
      });
    }
  }
  return alerts.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'danger' ? -1 : 1));
}

export interface CostBreakdownRow {
  modelId: string;
  name: string;
  /** The spec's figure: requests × cost per 1K × 1000 / 30, in dollars. */
  cost: number;
  /** Its share of the monthly cost (of 4000 while there is none), in percent. */
  share: number;
}

/** The Analytics tab's cost breakdown, largest first. */
export function costBreakdownRows(models: readonly Model[], monthlyCost: number): CostBreakdownRow[] {
  return models
    .map((model) => ({ modelId: model.id, name: model.name, ...costBreakdown(model, monthlyCost) }))
    .sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
}

/** A model's failed share of its requests, in percent; null before its first request. */
export const errorRate = (model: Pick<Model, 'errors' | 'requests'>): number | null =>
  model.requests === 0 ? null : (model.errors / model.requests) * 100;
