import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ToolView } from '@docent/common/tools';
import { ToolCatalog } from '../catalog/tool-catalog.service.js';
import { ListToolsQuery } from './list-tools.query.js';

@QueryHandler(ListToolsQuery)
export class ListToolsHandler implements IQueryHandler<ListToolsQuery> {
  constructor(private readonly catalog: ToolCatalog) {}

  execute(): Promise<ToolView[]> {
    return this.catalog.views();
  }
}
