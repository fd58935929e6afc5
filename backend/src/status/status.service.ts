import { readFileSync } from 'node:fs';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { StatusComponent, type ComponentStatus, type StatusProbe } from './status-component.js';

export const PLATFORM = 'Docent';
export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** A probe that hangs must not hang /status. */
const PROBE_TIMEOUT_MS = 3_000;

@Injectable()
export class StatusService implements OnModuleInit {
  private probes: { name: string; probe: StatusProbe }[] = [];

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
