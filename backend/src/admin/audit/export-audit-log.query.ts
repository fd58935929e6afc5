import { Query } from '@nestjs/cqrs';
import type { AuditExportFormat, AuditLogQuery } from '@docent/common/admin';

/** The file's name and content type, and its text. */
export interface AuditExport {
  fileName: string;
  contentType: string;
  content: string;
}

export class ExportAuditLogQuery extends Query<AuditExport> {
  constructor(
    readonly filters: Omit<AuditLogQuery, 'page' | 'pageSize'>,
    readonly format: AuditExportFormat,
  ) {
    super();
  }
}
