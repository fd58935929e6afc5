import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AnalyticsReport } from '@docent/common/metrics';
import { AnalyticsReports } from '../read-model/analytics-reports.js';
import { GetAnalyticsReportQuery } from './get-analytics-report.query.js';

@QueryHandler(GetAnalyticsReportQuery)
export class GetAnalyticsReportHandler implements IQueryHandler<GetAnalyticsReportQuery> {
  constructor(private readonly reports: AnalyticsReports) {}

  execute({ period, principal }: GetAnalyticsReportQuery): Promise<AnalyticsReport> {
    return this.reports.report(period, principal);
  }
}
