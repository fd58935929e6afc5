import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ModelStats } from '@docent/common/models';
import { ModelViews } from '../read-model/model-views.js';
import { GetModelStatsQuery } from './get-model-stats.query.js';

@QueryHandler(GetModelStatsQuery)
export class GetModelStatsHandler implements IQueryHandler<GetModelStatsQuery> {
  constructor(private readonly views: ModelViews) {}

  execute(): Promise<ModelStats> {
    return this.views.stats();
  }
}
