import { Module } from '@nestjs/common';
import { SearchModule } from '../search/search.module.js';
import { ImportBackupHandler } from './commands/import-backup.handler.js';
import { ExportBackupHandler } from './queries/export-backup.handler.js';
import { GetPerformanceHandler } from './queries/get-performance.handler.js';
import { UserDataViews } from './read-model/user-data-views.js';
import { SettingsController } from './settings.controller.js';

/** The Settings page's own API (spec sections 2 and 3): the user's backup file and their measured latencies. */
@Module({
  imports: [SearchModule],
  controllers: [SettingsController],
  providers: [ExportBackupHandler, ImportBackupHandler, GetPerformanceHandler, UserDataViews],
})
export class SettingsModule {}
