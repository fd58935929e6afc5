import { Query } from '@nestjs/cqrs';
import type { DashboardMetrics } from '@docent/common/metrics';

export class GetDashboardMetricsQuery extends Query<DashboardMetrics> {}
