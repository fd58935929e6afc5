import { Command } from '@nestjs/cqrs';
import type { BackupImportResponse, ImportedBackup } from '@docent/common/settings';
import type { Principal } from '../../auth/principal.js';

/** Applies a backup file's preferences and document metadata to the caller's account: all of it, or nothing. */
export class ImportBackupCommand extends Command<BackupImportResponse> {
  constructor(
    readonly backup: ImportedBackup,
    readonly principal: Principal,
  ) {
    super();
  }
}
