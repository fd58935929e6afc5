import { Injectable } from '@nestjs/common';
import type { ToolPlugin } from '@docent/plugin-sdk';
import type { ToolView } from '@docent/common/tools';
import { PluginRegistry } from '../../plugins/plugin-registry.js';
import { StatusService } from '../../status/status.service.js';

export const COMING_SOON = 'Coming soon';

/** Whether a tool can run now, and why not. */
export type ToolAvailability = { ready: true } | { ready: false; reason: string };

/**
 * The tools the plugins provide, each with whether it can run now: a coming-soon tool
 * never, any other only while the status component it requires reports ready.
 */
@Injectable()
export class ToolCatalog {
  constructor(
    private readonly plugins: PluginRegistry,
    private readonly status: StatusService,
  ) {}

  find(name: string): ToolPlugin | undefined {
    return this.plugins.getTool(name);
  }

  /** Every tool, as GET /api/tools/list shows it. */
  async views(): Promise<ToolView[]> {
    const availabilities = this.availabilities();
    return Promise.all(this.plugins.listTools().map(async (tool) => toView(tool, await availabilities(tool))));
  }

  availability(tool: ToolPlugin): Promise<ToolAvailability> {
    return this.availabilities()(tool);
  }

  /** Asks each required component once, however many tools require it. */
  private availabilities(): (tool: ToolPlugin) => Promise<ToolAvailability> {
    const components = new Map<string, Promise<ToolAvailability>>();
    return async (tool) => {
      if (tool.status === 'coming-soon' || !tool.execute) return { ready: false, reason: COMING_SOON };
      if (tool.requires === undefined) return { ready: true };
      let component = components.get(tool.requires);
      if (!component) {
        component = this.componentAvailability(tool.requires);
        components.set(tool.requires, component);
      }
      return component;
    };
  }

  private async componentAvailability(name: string): Promise<ToolAvailability> {
    const component = await this.status.component(name);
    if (!component) return { ready: false, reason: `${name} is not a component of this server` };
    if (component.status === 'ready') return { ready: true };
    return {
      ready: false,
      reason: `${name} is ${component.status}${component.message ? `: ${component.message}` : ''}`,
    };
  }
}

function toView(tool: ToolPlugin, availability: ToolAvailability): ToolView {
  return {
    name: tool.name,
    description: tool.description,
    category: tool.category,
    inputSchema: { ...tool.inputSchema },
    ...(tool.outputSchema && { outputSchema: { ...tool.outputSchema } }),
    status: availability.ready ? 'ready' : 'coming-soon',
    ...(!availability.ready && { unavailableReason: availability.reason }),
    annotations: { readOnly: tool.readOnly, destructive: tool.destructive, idempotent: tool.idempotent },
  };
}
