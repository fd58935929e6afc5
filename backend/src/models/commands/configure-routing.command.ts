import { Command } from '@nestjs/cqrs';
import type { RoutingConfiguration, RoutingResponse } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';

/** Change which models the router prefers, or auto-routing: only the fields given. */
export class ConfigureRoutingCommand extends Command<RoutingResponse> {
  constructor(
    readonly changes: Partial<RoutingConfiguration>,
    readonly principal: Principal,
  ) {
    super();
  }
}
