import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DatabaseProbe } from './database.probe.js';
import { ormOptions } from './orm-config.js';

/** Owns the one MikroORM instance: opens it, brings the schema up to date, closes it last. */
@Global()
@Module({
  providers: [
    {
      provide: MikroORM,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => MikroORM.init(ormOptions(config.database)),
    },
    DatabaseProbe,
  ],
  exports: [MikroORM],
})
export class DatabaseModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseModule.name);

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    const applied = await this.orm.migrator.up();
    if (applied.length > 0) this.logger.log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
  }
}
