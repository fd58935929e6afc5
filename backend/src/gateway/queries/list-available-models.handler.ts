import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ModelCatalog } from '../../models/read-model/model-catalog.js';
import { ListAvailableModelsQuery, type AvailableModel } from './list-available-models.query.js';

@QueryHandler(ListAvailableModelsQuery)
export class ListAvailableModelsHandler implements IQueryHandler<ListAvailableModelsQuery> {
  constructor(private readonly catalog: ModelCatalog) {}

  async execute(): Promise<AvailableModel[]> {
    const models = await this.catalog.models();
    return models
      .filter((model) => model.status === 'active')
      .map((model) => ({ id: model.id, providerId: model.provider.id }));
  }
}
