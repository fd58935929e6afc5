import { Module } from '@nestjs/common';
import { PluginRegistry } from './plugin-registry.js';

/** Needs PLUGINS_DIRECTORY from a global module, as the configuration provides it. */
@Module({
  providers: [PluginRegistry],
  exports: [PluginRegistry],
})
export class PluginsModule {}
