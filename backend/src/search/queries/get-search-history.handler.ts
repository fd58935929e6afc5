import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SearchStatsViews } from '../read-model/search-stats-views.js';
import { GetSearchHistoryQuery } from './get-search-history.query.js';

@QueryHandler(GetSearchHistoryQuery)
export class GetSearchHistoryHandler implements IQueryHandler<GetSearchHistoryQuery> {
  constructor(private readonly views: SearchStatsViews) {}

  execute({ principal }: GetSearchHistoryQuery): Promise<string[]> {
    return this.views.history(principal.userId);
  }
}
