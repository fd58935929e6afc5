import { Query } from '@nestjs/cqrs';
import type { RoutingResponse } from '@docent/common/models';

/** The routing configuration and each model's use of its limits right now. */
export class GetRoutingQuery extends Query<RoutingResponse> {}
