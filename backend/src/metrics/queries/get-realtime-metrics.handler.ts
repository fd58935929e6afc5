import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RealtimeMetrics } from '@docent/common/metrics';
import { DashboardFigures } from '../read-model/dashboard-figures.js';
import { GetRealtimeMetricsQuery } from './get-realtime-metrics.query.js';

@QueryHandler(GetRealtimeMetricsQuery)
export class GetRealtimeMetricsHandler implements IQueryHandler<GetRealtimeMetricsQuery> {
  constructor(private readonly figures: DashboardFigures) {}

  execute(): Promise<RealtimeMetrics> {
    return this.figures.realtime();
  }
}
