import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AnalyticsReport } from '@docent/common/metrics';
import { AnalyticsReports } from '../read-model/analytics-reports.js';
import { ExportAnalyticsReportQuery, type AnalyticsExport } from './export-analytics-report.query.js';

type ExportedReport = AnalyticsReport & { exportedAt: string };

/** The report as a download: JSON as the API answers it, or CSV with one figure per row; both with the export time. */
@QueryHandler(ExportAnalyticsReportQuery)
export class ExportAnalyticsReportHandler implements IQueryHandler<ExportAnalyticsReportQuery> {
  constructor(private readonly reports: AnalyticsReports) {}

  async execute({ period, format, principal }: ExportAnalyticsReportQuery): Promise<AnalyticsExport> {
    const now = new Date();
    const report: ExportedReport = {
      ...(await this.reports.report(period, principal, now)),
      exportedAt: now.toISOString(),
    };
    const filename = `analytics-${period}-${now.toISOString().slice(0, 10)}.${format}`;
    return format === 'csv'
      ? { filename, contentType: 'text/csv; charset=utf-8', content: Buffer.from(toCsv(report), 'utf8') }
      : {
          filename,
          contentType: 'application/json; charset=utf-8',
          content: Buffer.from(JSON.stringify(report, null, 2), 'utf8'),
        };
  }
}

type Cell = string | number | boolean | null;

/** One figure per row: section, subject (a model, provider, user, route or search), bucket start, figure, value. */
export function toCsv(report: ExportedReport): string {
  const rows: Cell[][] = [['section', 'subject', 'start', 'figure', 'value']];
  const add = (section: string, subject: string, start: string, figures: Record<string, Cell>) => {
    for (const [figure, value] of Object.entries(figures)) rows.push([section, subject, start, figure, value]);
  };
  add('report', '', '', {
    period: report.period,
    from: report.from,
    to: report.to,
    allUsers: report.allUsers,
    exportedAt: report.exportedAt,
  });
  add('overview', '', '', { ...report.overview });
  for (const point of report.usage.series) add('usage', '', point.start, figuresOf(point));
  for (const [section, breakdowns] of [
    ['model', report.usage.byModel],
    ['provider', report.usage.byProvider],
    ['user', report.usage.byUser],
  ] as const) {
    for (const breakdown of breakdowns) {
      const subject = `${breakdown.name} (${breakdown.id})`;
      add(section, subject, '', {
        requests: breakdown.requests,
        tokens: breakdown.tokens,
        cost: breakdown.cost,
        errors: breakdown.errors,
      });
      for (const point of breakdown.series) add(section, subject, point.start, figuresOf(point));
    }
  }
  for (const search of report.usage.topSearches) add('top-search', search.query, '', { count: search.count });
  for (const { hour, requests } of report.usage.busiestHours) add('hour-of-day', String(hour), '', { requests });
  add('latency-ms', '', '', { ...report.health.latency });
  for (const { route, ...figures } of report.health.errorRatesByRoute) add('route', route, '', figures);
  for (const { model, ...figures } of report.health.errorRatesByModel) add('model-errors', model, '', figures);
  for (const { component, samples } of report.health.componentHistory) {
    for (const sample of samples) add('component', component, sample.at, { status: sample.status });
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const figuresOf = ({ requests, tokens, cost }: { requests: number; tokens: number; cost: number }) => ({
  requests,
  tokens,
  cost,
});

/** Quoted when needed; text a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
