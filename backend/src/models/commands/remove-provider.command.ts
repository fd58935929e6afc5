import { Command } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';

/** Remove an endpoint added with 'Add Provider'. */
export class RemoveProviderCommand extends Command<void> {
  constructor(
    readonly providerId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
