import { MISSING_SUCCESS_RATE, MISSING_SYSTEM_HEALTH, type RealtimeMetrics } from '@docent/common/metrics';

// The spec's dashboard formatting (section 9): K and M with one decimal, uptime as days
// and hours (or hours only), cost with two decimals.

const THOUSAND = 1_000;
const MILLION = 1_000_000;

/** 950 -> '950', 1_250 -> '1.3K', 2_400_000 -> '2.4M'. */
export function formatCount(value: number): string {
  const magnitude = Math.abs(value);
  // 999_950 would read '1000.0K': one decimal of thousands rounds up into millions.
  if (magnitude >= MILLION || Number((magnitude / THOUSAND).toFixed(1)) >= THOUSAND) {
    return `${(value / MILLION).toFixed(1)}M`;
  }
  if (magnitude >= THOUSAND) return `${(value / THOUSAND).toFixed(1)}K`;
  return String(Math.round(value));
}

const HOUR_S = 3_600;
const DAY_S = 24 * HOUR_S;

/** Seconds as '3d 4h', or '5h' under a day. */
export function formatUptime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / DAY_S);
  const hours = Math.floor((whole % DAY_S) / HOUR_S);
  return days > 0 ? `${days}d ${hours}h` : `${hours}h`;
}

/** US dollars with two decimals: '$12.30'. */
export function formatCost(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

/** A percent with one decimal: '99.5%'. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Milliseconds, whole: '245ms'. */
export function formatMilliseconds(ms: number): string {
  return `${Math.round(ms)}ms`;
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
export function metricCardFigures(metrics: RealtimeMetrics): MetricCardFigure[] {
  return [
    { label: 'Active Users', value: formatCount(metrics.activeUsers) },
    { label: 'API Requests', value: formatCount(metrics.totalRequests) },
    { label: 'Success Rate', value: formatPercent(metrics.successRate), progress: metrics.successRate },
    { label: 'Response Time', value: formatMilliseconds(metrics.averageResponseTime) },
    { label: 'AI Tokens', value: formatCount(metrics.tokensConsumed) },
    { label: 'Total Cost', value: formatCost(metrics.totalCost) },
    { label: 'System Health', value: formatPercent(metrics.systemHealth), progress: metrics.systemHealth },
    { label: 'Uptime', value: formatUptime(metrics.uptime) },
  ];
}
