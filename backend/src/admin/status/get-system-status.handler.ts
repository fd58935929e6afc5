import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SystemStatus } from '@docent/common/admin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ListModelsQuery } from '../../models/queries/list-models.query.js';
import { StatusService } from '../../status/status.service.js';
import { GetSystemStatusQuery } from './get-system-status.query.js';
import { HostFigures } from './host-figures.js';
import { systemAlerts } from './system-alerts.js';

@QueryHandler(GetSystemStatusQuery)
export class GetSystemStatusHandler implements IQueryHandler<GetSystemStatusQuery> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly host: HostFigures,
    private readonly status: StatusService,
    private readonly queries: QueryBus,
  ) {}

  async execute(): Promise<SystemStatus> {
    const [disk, network, projections, documentProcessing, models] = await Promise.all([
      this.host.disk(this.config.dataDir),
      this.host.network(),
      this.status.component('projections'),
      this.status.component('document-processing'),
      this.queries.execute(new ListModelsQuery()),
    ]);
    return {
      cpu: this.host.cpu(),
      memory: this.host.memory(),
      disk,
      ...(network && { network }),
      process: { uptimeSeconds: Math.round(process.uptime()), pid: process.pid, nodeVersion: process.version },
      alerts: systemAlerts({ disk, projections, documentProcessing, models }),
      measuredAt: new Date().toISOString(),
    };
  }
}
