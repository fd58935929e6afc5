import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AUDIT_PAGE_SIZE, type AuditLogResponse } from '@docent/common/admin';
import { AuditEntries } from './audit-entries.js';
import { ListAuditLogQuery } from './list-audit-log.query.js';

@QueryHandler(ListAuditLogQuery)
export class ListAuditLogHandler implements IQueryHandler<ListAuditLogQuery> {
  constructor(private readonly audit: AuditEntries) {}

  async execute({ filters }: ListAuditLogQuery): Promise<Omit<AuditLogResponse, 'success'>> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? AUDIT_PAGE_SIZE;
    const [{ entries, total }, actions] = await Promise.all([
      this.audit.page(filters, pageSize, (page - 1) * pageSize),
      this.audit.actions(),
    ]);
    return { entries, total, page, pageSize, actions };
  }
}
