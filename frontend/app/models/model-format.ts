import { MODEL_ERROR_BADGE_THRESHOLD, type ModelStatus } from '@docent/common/models';
import type { BadgeTone } from '~/components/ui/badge';

/** What the page writes where a figure does not exist yet (no calls, no accuracy). */
export const NO_FIGURE = '—';
export const NO_LIMIT = 'No limit';

const count = new Intl.NumberFormat('en');
const dollars = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Prices per 1K tokens are fractions of a cent: two decimals would show most of them as $0.00.
const pricePer1k = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 5,
});
const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export const formatCount = (value: number): string => count.format(value);

/** The spec's cost format: dollars with two decimals. */
export const formatDollars = (value: number): string => dollars.format(value);

export const formatPricePer1k = (value: number): string => pricePer1k.format(value);

export const formatPercent = (value: number): string => `${percent.format(value)}%`;

/** Latency given in seconds: milliseconds below a second, else seconds with two decimals. */
export function formatSeconds(seconds: number): string {
  return seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(2)} s`;
}

/** A model's mean latency, or nothing before its first call (the API reports 0 then). */
export const formatModelResponseTime = (responseTime: number, requests: number): string =>
  requests === 0 ? NO_FIGURE : formatSeconds(responseTime);

export const formatAccuracy = (accuracy: number | null): string =>
  accuracy === null ? NO_FIGURE : formatPercent(accuracy);

export const STATUS_LABELS: Record<ModelStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  error: 'Error',
  configuring: 'Configuring',
};

export const STATUS_TONES: Record<ModelStatus, BadgeTone> = {
  active: 'success',
  inactive: 'neutral',
  error: 'danger',
  configuring: 'warning',
};

/** The spec's destructive badge: errors above the threshold. */
export const hasTooManyErrors = (errors: number): boolean => errors > MODEL_ERROR_BADGE_THRESHOLD;

/** How much of a limit is used, 0 to 100 (more than the limit reads as 100); null when there is no limit. A zero limit blocks the model: full. */
export function limitUsedPercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(100, (used / limit) * 100);
}
