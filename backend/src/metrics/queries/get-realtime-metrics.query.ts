import { Query } from '@nestjs/cqrs';
import type { RealtimeMetrics } from '@docent/common/metrics';

export class GetRealtimeMetricsQuery extends Query<RealtimeMetrics> {}
