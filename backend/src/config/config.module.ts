import { Global, Module, type DynamicModule } from '@nestjs/common';
import { PLUGINS_DIRECTORY } from '../plugins/plugin-registry.js';
import { APP_CONFIG, type AppConfig } from './app-config.js';

/** Makes the configuration parsed at start available to every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PLUGINS_DIRECTORY, useValue: config.pluginsDir },
      ],
      exports: [APP_CONFIG, PLUGINS_DIRECTORY],
    };
  }
}
