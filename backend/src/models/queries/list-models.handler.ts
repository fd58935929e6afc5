import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Model } from '@docent/common/models';
import { ModelViews } from '../read-model/model-views.js';
import { ListModelsQuery } from './list-models.query.js';

@QueryHandler(ListModelsQuery)
export class ListModelsHandler implements IQueryHandler<ListModelsQuery> {
  constructor(private readonly views: ModelViews) {}

  execute(): Promise<Model[]> {
    return this.views.list();
  }
}
