import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RoutingResponse } from '@docent/common/models';
import { ModelViews } from '../read-model/model-views.js';
import { GetRoutingQuery } from './get-routing.query.js';

@QueryHandler(GetRoutingQuery)
export class GetRoutingHandler implements IQueryHandler<GetRoutingQuery> {
  constructor(private readonly views: ModelViews) {}

  execute(): Promise<RoutingResponse> {
    return this.views.routing();
  }
}
