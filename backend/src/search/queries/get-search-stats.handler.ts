import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SearchStats } from '@docent/common/search';
import { SearchStatsViews } from '../read-model/search-stats-views.js';
import { GetSearchStatsQuery } from './get-search-stats.query.js';

@QueryHandler(GetSearchStatsQuery)
export class GetSearchStatsHandler implements IQueryHandler<GetSearchStatsQuery> {
  constructor(private readonly views: SearchStatsViews) {}

  execute(): Promise<SearchStats> {
    return this.views.searchStats();
  }
}
