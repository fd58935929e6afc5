import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  backupFileSchema,
  type BackupImportResponse,
  type BackupResponse,
  type ImportedBackup,
  type PerformanceResponse,
} from '@docent/common/settings';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { ImportBackupCommand } from './commands/import-backup.command.js';
import { ExportBackupQuery } from './queries/export-backup.query.js';
import { GetPerformanceQuery } from './queries/get-performance.query.js';

/** Every signed-in caller backs up, restores and measures their own data, and no one else's. */
@ApiTags('Settings')
@Controller('api/user')
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('backup')
  @Authenticated()
  @ApiOperation({
    summary:
      'Your backup file: userPreferences, documentMetadata (of your documents), searchHistory, chatHistory, bookmarks (kept by the browser: empty here)',
  })
  async backup(@CurrentPrincipal() principal: Principal): Promise<BackupResponse> {
    return { success: true, backup: await this.queries.execute(new ExportBackupQuery(principal)) };
  }

  @Post('backup/import')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      "Apply a backup file's preferences and document metadata, all or nothing; 400 'Invalid backup file' for anything that is not one",
  })
  importBackup(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: backupFileSchema }) backup: ImportedBackup,
  ): Promise<BackupImportResponse> {
    return this.commands.execute(new ImportBackupCommand(backup, principal));
  }

  @Get('performance')
  @Authenticated()
  @ApiOperation({ summary: 'Your latest search and chat latencies as the server measured them, with p50 and p95' })
  async performance(@CurrentPrincipal() principal: Principal): Promise<PerformanceResponse> {
    return { success: true, ...(await this.queries.execute(new GetPerformanceQuery(principal.userId))) };
  }
}
