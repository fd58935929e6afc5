import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AUDIT_EXPORT_LIMIT, type AuditEntry } from '@docent/common/admin';
import { AuditEntries } from './audit-entries.js';
import { ExportAuditLogQuery, type AuditExport } from './export-audit-log.query.js';

const CSV_COLUMNS = ['position', 'occurredAt', 'action', 'actorId', 'actorName', 'target', 'targetType'] as const;

/** The filtered log as a file, newest first, at most AUDIT_EXPORT_LIMIT entries. */
@QueryHandler(ExportAuditLogQuery)
export class ExportAuditLogHandler implements IQueryHandler<ExportAuditLogQuery> {
  constructor(private readonly audit: AuditEntries) {}

  async execute({ filters, format }: ExportAuditLogQuery): Promise<AuditExport> {
    const { entries, total } = await this.audit.page(filters, AUDIT_EXPORT_LIMIT, 0);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (format === 'json') {
      return {
        fileName: `audit-log-${stamp}.json`,
        contentType: 'application/json; charset=utf-8',
        content: JSON.stringify({ exportedAt: new Date().toISOString(), filters, total, entries }, null, 2),
      };
    }
    return { fileName: `audit-log-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', content: toCsv(entries) };
  }
}

function toCsv(entries: AuditEntry[]): string {
  const rows = entries.map((entry) => [
    String(entry.position),
    entry.occurredAt,
    entry.action,
    entry.actor?.id ?? '',
    entry.actor?.name ?? '',
    entry.target,
    entry.targetType,
  ]);
  return [CSV_COLUMNS as readonly string[], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Quoted, and defused where a spreadsheet would read the text as a formula (a name such as "=HYPERLINK(...)"). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
