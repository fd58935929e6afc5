import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SystemService } from '@docent/common/admin';
import { ListServicesQuery } from './list-services.query.js';
import { ServiceViews } from './service-views.js';

@QueryHandler(ListServicesQuery)
export class ListServicesHandler implements IQueryHandler<ListServicesQuery> {
  constructor(private readonly services: ServiceViews) {}

  execute(): Promise<SystemService[]> {
    return this.services.all();
  }
}
