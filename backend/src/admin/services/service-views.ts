import { Injectable } from '@nestjs/common';
import type { SystemService } from '@docent/common/admin';
import type { ComponentStatus } from '../../status/status-component.js';
import { StatusService } from '../../status/status.service.js';
import { HostFigures } from '../status/host-figures.js';

/**
 * The components as System Services lists them. Every component runs in this one process,
 * so memory and CPU are the process's, marked as shared: no per-component share is invented.
 */
@Injectable()
export class ServiceViews {
  constructor(
    private readonly status: StatusService,
    private readonly host: HostFigures,
  ) {}

  async all(): Promise<SystemService[]> {
    const components = await this.status.components();
    return Object.entries(components).map(([name, status]) => this.toView(name, status));
  }

  async one(name: string): Promise<SystemService | null> {
    const status = await this.status.component(name);
    return status ? this.toView(name, status) : null;
  }

  private toView(name: string, { status, message, ...details }: ComponentStatus): SystemService {
    return {
      name,
      status,
      message: message ?? null,
      uptimeSeconds: Math.max(0, Math.round((Date.now() - this.status.startedAt(name).getTime()) / 1000)),
      restartable: this.status.restartability(name) === 'restartable',
      resources: {
        scope: 'shared process',
        memoryBytes: process.memoryUsage().rss,
        cpuPercent: this.host.cpuUsage().processPercent,
      },
      details,
    };
  }
}
