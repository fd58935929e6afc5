import { MISSING_SUCCESS_RATE, MISSING_SYSTEM_HEALTH, type RealtimeMetrics } from '@docent/common/metrics';
import type { TFunction } from 'i18next';

// The spec's dashboard formatting (section 9): K and M with one decimal, uptime as days
// and hours (or hours only), cost with two decimals. Another language writes the same
// figures its own way: its decimal comma, its words for thousands and days.

const THOUSAND = 1_000;
const MILLION = 1_000_000;
const HOUR_S = 3_600;
const DAY_S = 24 * HOUR_S;

/** The dashboard's and analytics' figures, written in one language. */
export interface NumberFormats {
  /** 950 -> '950', 1_250 -> '1.3K', 2_400_000 -> '2.4M'. */
  count(value: number): string;
  /** Seconds as '3d 4h', or '5h' under a day. */
  uptime(seconds: number): string;
  /** US dollars with two decimals: '$12.30'. */
  cost(dollars: number): string;
  /** A percent with one decimal: '99.5%'. */
  percent(percent: number): string;
  /** A rounded percent: '45%'. */
  wholePercent(percent: number): string;
  /** Milliseconds, whole: '245ms'. */
  milliseconds(ms: number): string;
  /** A whole number as the language groups it: '12,345'. */
  whole(value: number): string;
}

export function numberFormats(t: TFunction<'dashboard'>, language: string): NumberFormats {
  // English figures stay as the spec writes them: no thousands separators in costs and counts.
  const useGrouping = language !== 'en';
  const oneDecimal = new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping,
  });
  const wholeUngrouped = new Intl.NumberFormat(language, { maximumFractionDigits: 0, useGrouping });
  const dollars = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', useGrouping });
  const percent = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const wholePercent = new Intl.NumberFormat(language, { style: 'unit', unit: 'percent', maximumFractionDigits: 0 });
  const milliseconds = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'narrow',
    maximumFractionDigits: 0,
    useGrouping,
  });
  const whole = new Intl.NumberFormat(language);
  return {
    count(value) {
      const magnitude = Math.abs(value);
      // 999_950 would read '1000.0K': one decimal of thousands rounds up into millions.
      if (magnitude >= MILLION || Number((magnitude / THOUSAND).toFixed(1)) >= THOUSAND) {
        return t('format.millions', { value: oneDecimal.format(value / MILLION) });
      }
      if (magnitude >= THOUSAND) return t('format.thousands', { value: oneDecimal.format(value / THOUSAND) });
      return wholeUngrouped.format(Math.round(value));
    },
    uptime(seconds) {
      const wholeSeconds = Math.max(0, Math.floor(seconds));
      const days = Math.floor(wholeSeconds / DAY_S);
      const hours = Math.floor((wholeSeconds % DAY_S) / HOUR_S);
      return days > 0 ? t('format.daysAndHours', { days, hours }) : t('format.hours', { hours });
    },
    cost: (value) => dollars.format(value),
    percent: (value) => percent.format(value),
    wholePercent: (value) => wholePercent.format(value),
    milliseconds: (value) => milliseconds.format(value),
    whole: (value) => whole.format(value),
  };
}

const finiteOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * Realtime metrics read defensively from whatever arrived (a socket push is any JSON):
 * a missing figure reads 0, except success rate and system health, which read 100.
 * Null when the payload is not an object at all.
 */
export function readRealtimeMetrics(payload: unknown): RealtimeMetrics | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const figures = payload as Partial<Record<keyof RealtimeMetrics, unknown>>;
  return {
    activeUsers: finiteOr(figures.activeUsers, 0),
    totalRequests: finiteOr(figures.totalRequests, 0),
    successRate: finiteOr(figures.successRate, MISSING_SUCCESS_RATE),
    averageResponseTime: finiteOr(figures.averageResponseTime, 0),
    tokensConsumed: finiteOr(figures.tokensConsumed, 0),
    totalCost: finiteOr(figures.totalCost, 0),
    systemHealth: finiteOr(figures.systemHealth, MISSING_SYSTEM_HEALTH),
    uptime: finiteOr(figures.uptime, 0),
  };
}

export interface MetricCardFigure {
  label: string;
  value: string;
  /** 0 to 100 for the cards with a progress bar (Success Rate, System Health). */
  progress?: number;
}

/** The eight metric cards, in the spec's order, formatted. */
export function metricCardFigures(
  metrics: RealtimeMetrics,
  t: TFunction<'dashboard'>,
  format: NumberFormats,
): MetricCardFigure[] {
  return [
    { label: t('metrics.activeUsers'), value: format.count(metrics.activeUsers) },
    { label: t('metrics.apiRequests'), value: format.count(metrics.totalRequests) },
    { label: t('metrics.successRate'), value: format.percent(metrics.successRate), progress: metrics.successRate },
    { label: t('metrics.responseTime'), value: format.milliseconds(metrics.averageResponseTime) },
    { label: t('metrics.aiTokens'), value: format.count(metrics.tokensConsumed) },
    { label: t('metrics.totalCost'), value: format.cost(metrics.totalCost) },
    { label: t('metrics.systemHealth'), value: format.percent(metrics.systemHealth), progress: metrics.systemHealth },
    { label: t('metrics.uptime'), value: format.uptime(metrics.uptime) },
  ];
}
