import { Query } from '@nestjs/cqrs';
import type { BackupFile } from '@docent/common/settings';
import type { Principal } from '../../auth/principal.js';

/** The spec's backup file of the caller's own data, as the server holds it now. */
export class ExportBackupQuery extends Query<BackupFile> {
  constructor(readonly principal: Principal) {
    super();
  }
}
