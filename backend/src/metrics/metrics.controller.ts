import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  ANALYTICS_EXPORT_FORMATS,
  ANALYTICS_PERIODS,
  analyticsExportQuerySchema,
  analyticsQuerySchema,
} from '@docent/common/metrics';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { ExportAnalyticsReportQuery } from './queries/export-analytics-report.query.js';
import { GetAnalyticsReportQuery } from './queries/get-analytics-report.query.js';
import { GetDashboardMetricsQuery } from './queries/get-dashboard-metrics.query.js';

const periodQuery = ApiQuery({ name: 'period', required: false, enum: ANALYTICS_PERIODS, description: 'Default 7d' });

@ApiTags('Metrics')
@Controller('api/metrics')
export class MetricsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('dashboard')
  @Authenticated({ permission: 'dashboard:view' })
  @ApiOperation({
    summary: 'The Dashboard metrics, from the event log and the running server',
    description: [
      'api: requests of the last 24 hours (this hour and the 23 before it), including this server process’s requests of the',
      'current minute not yet written to the log; requestsPerMinute averages the last 5 finished minutes; errorRate (0 to 1)',
      'counts 5xx answers; averageResponseTime in ms. ai: model calls of the same 24 hours, their tokens, cost (US dollars)',
      'and successRate (percent). users: activeUsers are the users with a request or a sign-in in the last 15 minutes;',
      'concurrentSessions are the sign-in sessions neither expired nor revoked; totalLogins are the sign-ins of the 24 hours.',
      'system: health is the percent of GET /status components that are ready, uptime this process’s seconds, status down',
      'when the database is not ready, degraded when another component is not. realtimeMetrics.successRate is the API’s',
      '(percent of requests not answered with a 5xx). series: 24 hourly points, 12 two-hourly points whose p95 is the upper',
      'bound of the latency bucket holding it, and each provider’s share of model calls in whole percents adding up to 100.',
    ].join(' '),
  })
  dashboard() {
    return this.queries.execute(new GetDashboardMetricsQuery());
  }

  @Get('analytics')
  @Authenticated({ permission: 'analytics:view' })
  @periodQuery
  @ApiOperation({
    summary: 'Usage, cost and health over a period: 24h by hour, 7d, 30d or 90d by day',
    description:
      'Per-user figures (usage.byUser, topSearches) cover every user for callers with users:read, otherwise only the ' +
      'caller’s own (allUsers false). Latency percentiles are the upper bounds of the latency buckets holding them ' +
      '(5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000 ms; beyond, the slowest request). uptimePercent: the ' +
      'share of the period’s minutes since sampling began in which the database was sampled ready.',
  })
  analytics(
    @Query({ schema: analyticsQuerySchema }) query: z.output<typeof analyticsQuerySchema>,
    @CurrentPrincipal() principal: Principal,
  ) {
    return this.queries.execute(new GetAnalyticsReportQuery(query.period, principal));
  }

  @Get('analytics/export')
  @Authenticated({ permission: 'analytics:export' })
  @periodQuery
  @ApiQuery({ name: 'format', required: false, enum: ANALYTICS_EXPORT_FORMATS, description: 'Default json' })
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({
    summary:
      'The analytics report with its export time, as a download named analytics-{period}-{YYYY-MM-DD}.json or .csv',
  })
  async export(
    @Query({ schema: analyticsExportQuerySchema }) query: z.output<typeof analyticsExportQuerySchema>,
    @CurrentPrincipal() principal: Principal,
  ) {
    const file = await this.queries.execute(new ExportAnalyticsReportQuery(query.period, query.format, principal));
    return new StreamableFile(file.content, {
      type: file.contentType,
      length: file.content.length,
      disposition: `attachment; filename="${file.filename}"`,
    });
  }
}
