import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '@docent/common/metrics';

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const isPeriod = (value: string | null): value is AnalyticsPeriod =>
  (ANALYTICS_PERIODS as readonly (string | null)[]).includes(value);

/** The period in the address (?period=30d); the spec's 7d when absent or unknown. */
export function periodFrom(searchParams: URLSearchParams): AnalyticsPeriod {
  const period = searchParams.get('period');
  return isPeriod(period) ? period : DEFAULT_ANALYTICS_PERIOD;
}

/** The export's format (?format=csv); null when it is not one. */
export function exportFormatFrom(searchParams: URLSearchParams): ExportFormat | null {
  const format = searchParams.get('format');
  return (EXPORT_FORMATS as readonly (string | null)[]).includes(format) ? (format as ExportFormat) : null;
}

/** The web app's download route for a period's export. */
export const exportHref = (period: AnalyticsPeriod, format: ExportFormat) =>
  `/analytics/export?${new URLSearchParams({ period, format })}`;

/** The API's export of the same. */
export const apiExportPath = (period: AnalyticsPeriod, format: ExportFormat) =>
  `/api/metrics/analytics/export?${new URLSearchParams({ period, format })}`;

/** Buckets of a period: hours for a day, days beyond. */
export const bucketLabel = (period: AnalyticsPeriod, iso: string) =>
  period === '24h' ? `${iso.slice(11, 13)}:00` : iso.slice(0, 10);
