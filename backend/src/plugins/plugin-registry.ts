import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { discoverPlugins, type ModelProviderPlugin, type ToolPlugin } from '@docent/plugin-sdk';

/** The absolute path of the folder whose subfolders are plugin packages. */
export const PLUGINS_DIRECTORY = Symbol('PLUGINS_DIRECTORY');

/** Every tool and model provider found in the plugins directory at start; core code never names one. */
@Injectable()
export class PluginRegistry implements OnModuleInit {
  private readonly logger = new Logger(PluginRegistry.name);
  private readonly tools = new Map<string, ToolPlugin>();
  private readonly providers = new Map<string, ModelProviderPlugin>();

  constructor(@Inject(PLUGINS_DIRECTORY) private readonly pluginsDirectory: string) {}

  async onModuleInit(): Promise<void> {
    const discovered = await discoverPlugins(this.pluginsDirectory);
    // A broken plugin is logged and left out so that the rest of the server still starts.
    for (const failure of discovered.failures) this.logger.error(failure.message);
    for (const tool of discovered.tools) this.tools.set(tool.name, tool);
    for (const provider of discovered.providers) this.providers.set(provider.id, provider);
    this.logger.log(
      `Loaded ${this.tools.size} tool(s) and ${this.providers.size} model provider(s) from ${this.pluginsDirectory}`,
    );
  }

  listTools(): readonly ToolPlugin[] {
    return [...this.tools.values()];
  }

  getTool(name: string): ToolPlugin | undefined {
    return this.tools.get(name);
  }

  listProviders(): readonly ModelProviderPlugin[] {
    return [...this.providers.values()];
  }

  getProvider(id: string): ModelProviderPlugin | undefined {
    return this.providers.get(id);
  }
}
