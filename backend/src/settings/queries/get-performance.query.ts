import { Query } from '@nestjs/cqrs';
import type { PerformanceResponse } from '@docent/common/settings';

/** The caller's latest search and chat latencies, with their median and 95th percentile. */
export class GetPerformanceQuery extends Query<Omit<PerformanceResponse, 'success'>> {
  constructor(readonly userId: string) {
    super();
  }
}
