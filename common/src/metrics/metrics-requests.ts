import { z } from 'zod';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from './metrics-api.js';

export const ANALYTICS_EXPORT_FORMATS = ['json', 'csv'] as const;
export type AnalyticsExportFormat = (typeof ANALYTICS_EXPORT_FORMATS)[number];

const period = z
  .enum(ANALYTICS_PERIODS, { error: `period must be one of ${ANALYTICS_PERIODS.join(', ')}` })
  .default(DEFAULT_ANALYTICS_PERIOD);

/** GET /api/metrics/analytics?period=7d */
export const analyticsQuerySchema = z.object({ period });

/** GET /api/metrics/analytics/export?period=7d&format=csv */
export const analyticsExportQuerySchema = z.object({
  period,
  format: z
    .enum(ANALYTICS_EXPORT_FORMATS, { error: `format must be one of ${ANALYTICS_EXPORT_FORMATS.join(', ')}` })
    .default('json'),
});
