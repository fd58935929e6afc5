import { Query } from '@nestjs/cqrs';
import type { AnalyticsPeriod, AnalyticsReport } from '@docent/common/metrics';
import type { Principal } from '../../auth/principal.js';

export class GetAnalyticsReportQuery extends Query<AnalyticsReport> {
  constructor(
    readonly period: AnalyticsPeriod,
    readonly principal: Principal,
  ) {
    super();
  }
}
