import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IntelligenceStats } from '@docent/common/search';
import { IntelligenceViews } from '../read-model/intelligence-views.js';
import { GetIntelligenceStatsQuery } from './get-intelligence-stats.query.js';

@QueryHandler(GetIntelligenceStatsQuery)
export class GetIntelligenceStatsHandler implements IQueryHandler<GetIntelligenceStatsQuery> {
  constructor(private readonly views: IntelligenceViews) {}

  execute({ principal }: GetIntelligenceStatsQuery): Promise<IntelligenceStats> {
    return this.views.stats(principal);
  }
}
