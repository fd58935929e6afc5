import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ModelProviderView } from '@docent/common/models';
import { ModelViews } from '../read-model/model-views.js';
import { ListModelProvidersQuery } from './list-model-providers.query.js';

@QueryHandler(ListModelProvidersQuery)
export class ListModelProvidersHandler implements IQueryHandler<ListModelProvidersQuery> {
  constructor(private readonly views: ModelViews) {}

  execute(): Promise<ModelProviderView[]> {
    return this.views.providers();
  }
}
