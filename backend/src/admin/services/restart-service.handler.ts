import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ServiceRestartResponse } from '@docent/common/admin';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { StatusService } from '../../status/status.service.js';
import { RestartServiceCommand } from './restart-service.command.js';
import { serviceRestartDecider } from './service-restart.decider.js';
import { serviceStreamId } from './service.events.js';
import { ServiceViews } from './service-views.js';

/** Restarts the component in this process, then records that it did. */
@CommandHandler(RestartServiceCommand)
export class RestartServiceHandler implements ICommandHandler<RestartServiceCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly status: StatusService,
    private readonly services: ServiceViews,
  ) {}

  async execute({ actorId, service }: RestartServiceCommand): Promise<Omit<ServiceRestartResponse, 'success'>> {
    const restartability = this.status.restartability(service);
    if (restartability === 'unknown') throw new DomainError('not-found', `There is no service ${service}`);
    const record = (restartable: boolean, tookMs: number) =>
      this.decisions.handle(
        serviceRestartDecider,
        serviceStreamId(service),
        { type: 'RecordRestart', service, restartable, tookMs },
        { actorId },
      );
    // The decider refuses a component that cannot be restarted, before anything is touched.
    if (restartability === 'not-restartable') await record(false, 0);

    const started = performance.now();
    let restartedAt: Date;
    try {
      restartedAt = await this.status.restart(service);
    } catch (error) {
      throw new DomainError('unavailable', `${service} could not be restarted: ${(error as Error).message}`);
    }
    await record(true, Math.round(performance.now() - started));
    return { service: (await this.services.one(service))!, restartedAt: restartedAt.toISOString() };
  }
}
