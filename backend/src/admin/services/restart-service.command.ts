import { Command } from '@nestjs/cqrs';
import type { ServiceRestartResponse } from '@docent/common/admin';

export class RestartServiceCommand extends Command<Omit<ServiceRestartResponse, 'success'>> {
  constructor(
    readonly actorId: string,
    readonly service: string,
  ) {
    super();
  }
}
