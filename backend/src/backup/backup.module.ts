import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { BackUpInstanceHandler } from './back-up-instance.handler.js';
import { BackupController } from './backup.controller.js';
import { InstanceBackup } from './instance-backup.service.js';

/** The whole instance's backup (`npm run backup`, GET /api/admin/backup) and its restore (`npm run restore` only). */
@Module({
  imports: [DocumentsModule],
  controllers: [BackupController],
  providers: [InstanceBackup, BackUpInstanceHandler],
})
export class BackupModule {}
