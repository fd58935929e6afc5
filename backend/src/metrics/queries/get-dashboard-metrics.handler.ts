import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DashboardMetrics } from '@docent/common/metrics';
import { DashboardFigures } from '../read-model/dashboard-figures.js';
import { GetDashboardMetricsQuery } from './get-dashboard-metrics.query.js';

@QueryHandler(GetDashboardMetricsQuery)
export class GetDashboardMetricsHandler implements IQueryHandler<GetDashboardMetricsQuery> {
  constructor(private readonly figures: DashboardFigures) {}

  execute(): Promise<DashboardMetrics> {
    return this.figures.dashboard();
  }
}
