import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { DestinationStream } from 'pino';
import { ActivityModule } from './activity/activity.module.js';
import { AdminModule } from './admin/admin.module.js';
import { BackupModule } from './backup/backup.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ChatModule } from './chat/chat.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { EmbeddingsModule } from './embeddings/embeddings.module.js';
import { EventStoreModule } from './event-store/event-store.module.js';
import { GatewayModule } from './gateway/gateway.module.js';
import { IntelligenceModule } from './intelligence/intelligence.module.js';
import { loggerModule } from './logging/logger.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ModelsModule } from './models/models.module.js';
import { PluginsModule } from './plugins/plugins.module.js';
import { PreferencesModule } from './preferences/preferences.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { SearchModule } from './search/search.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { StatusModule } from './status/status.module.js';
import { ToolsModule } from './tools/tools.module.js';

@Module({})
export class AppModule {
  /** `logDestination`: where the logs go instead of stdout (a test reading them). */
  static forRoot(config: AppConfig, { logDestination }: { logDestination?: DestinationStream } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(config, logDestination),
        CqrsModule.forRoot(),
        DatabaseModule,
        EventStoreModule,
        AuthModule,
        RealtimeModule,
        StatusModule,
        ActivityModule,
        PluginsModule,
        EmbeddingsModule,
        DocumentsModule,
        ModelsModule,
        SearchModule,
        ChatModule,
        IntelligenceModule,
        PreferencesModule,
        SettingsModule,
        GatewayModule,
        ToolsModule,
        MetricsModule,
        AdminModule,
        BackupModule,
      ],
    };
  }
}
