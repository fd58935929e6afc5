import { MODEL_ERROR_BADGE_THRESHOLD, type ModelStatus } from '@docent/common/models';
import type { ParseKeys } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BadgeTone } from '~/components/ui/badge';

/** What the page writes where a figure does not exist yet (no calls, no accuracy). */
export const NO_FIGURE = '—';

/** The page's figures, written the way the page's language writes numbers, dollars and percentages. */
export interface ModelFormat {
  count: (value: number) => string;
  /** The spec's cost format: dollars with two decimals. */
  dollars: (value: number) => string;
  /** A round sum of dollars, without cents. */
  wholeDollars: (value: number) => string;
  pricePer1k: (value: number) => string;
  percent: (value: number) => string;
  /** Latency given in seconds: milliseconds below a second, else seconds with two decimals. */
  seconds: (seconds: number) => string;
  /** A model's mean latency, or nothing before its first call (the API reports 0 then). */
  modelResponseTime: (responseTime: number, requests: number) => string;
  accuracy: (accuracy: number | null) => string;
}

export function modelFormat(language: string): ModelFormat {
  const count = new Intl.NumberFormat(language);
  const dollars = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const wholeDollars = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  // Prices per 1K tokens are fractions of a cent: two decimals would show most of them as $0.00.
  const pricePer1k = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 5,
  });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const twoDecimals = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Rounded to the tenth before the percent format divides: 97.25 reads 97.3, not the 97.2 of 0.9725's binary error.
  const formatPercent = (value: number) => percent.format(Math.round(value * 10) / 1000);
  // Milliseconds and seconds are written 'ms' and 's' in every language the app has.
  const formatSeconds = (seconds: number) =>
    seconds < 1 ? `${count.format(Math.round(seconds * 1000))} ms` : `${twoDecimals.format(seconds)} s`;
  return {
    count: (value) => count.format(value),
    dollars: (value) => dollars.format(value),
    wholeDollars: (value) => wholeDollars.format(value),
    pricePer1k: (value) => pricePer1k.format(value),
    percent: formatPercent,
    seconds: formatSeconds,
    modelResponseTime: (responseTime, requests) => (requests === 0 ? NO_FIGURE : formatSeconds(responseTime)),
    accuracy: (accuracy) => (accuracy === null ? NO_FIGURE : formatPercent(accuracy)),
  };
}

/** The figures' format in the page's language. */
export function useModelFormat(): ModelFormat {
  const { i18n } = useTranslation();
  return useMemo(() => modelFormat(i18n.language), [i18n.language]);
}

export const STATUS_LABELS: Record<ModelStatus, ParseKeys<'models'>> = {
  active: 'status.active',
  inactive: 'status.inactive',
  error: 'status.error',
  configuring: 'status.configuring',
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
