import { readFileSync } from 'node:fs';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { StatusComponent, type ComponentStatus, type StatusProbe } from './status-component.js';

export const PLATFORM = 'Docent';
export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** A probe that hangs must not hang /status. */
const PROBE_TIMEOUT_MS = 3_000;

/** The components' probes, found by @StatusComponent: what GET /status lists and System Services restarts. */
@Injectable()
export class StatusService implements OnModuleInit {
  private probes: { name: string; probe: StatusProbe }[] = [];
  /** When each component last restarted in this process; the others run since the process started. */
  private readonly restartedAt = new Map<string, Date>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.probes = this.discovery.getProviders({ metadataKey: StatusComponent.KEY }).map((wrapper) => ({
      name: this.discovery.getMetadataByDecorator(StatusComponent, wrapper)!,
      probe: wrapper.instance as StatusProbe,
    }));
  }

  async components(): Promise<Record<string, ComponentStatus>> {
    const entries = await Promise.all(
      this.probes.map(async ({ name, probe }) => [name, await runProbe(probe)] as const),
    );
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  }

  async component(name: string): Promise<ComponentStatus | undefined> {
    const entry = this.probes.find((probe) => probe.name === name);
    return entry && runProbe(entry.probe);
  }

  /** Whether a component is known, and whether it can be restarted. */
  restartability(name: string): 'restartable' | 'not-restartable' | 'unknown' {
    const entry = this.probes.find((probe) => probe.name === name);
    if (!entry) return 'unknown';
    return typeof entry.probe.restart === 'function' ? 'restartable' : 'not-restartable';
  }

  /** Restarts a restartable component (see restartability) and remembers when. */
  async restart(name: string): Promise<Date> {
    const entry = this.probes.find((probe) => probe.name === name);
    if (!entry?.probe.restart) throw new Error(`The component ${name} cannot be restarted`);
    await entry.probe.restart();
    const restartedAt = new Date();
    this.restartedAt.set(name, restartedAt);
    return restartedAt;
  }

  /** When the component last started in this process: its restart, or the process's own start. */
  startedAt(name: string): Date {
    return this.restartedAt.get(name) ?? new Date(Date.now() - process.uptime() * 1000);
  }
}

async function runProbe(probe: StatusProbe): Promise<ComponentStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ComponentStatus>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'unavailable', message: 'Did not answer in time' }), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe.probe(), timeout]);
  } catch (error) {
    return { status: 'unavailable', message: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
