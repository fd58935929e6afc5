import { Query } from '@nestjs/cqrs';
import type { AuditLogQuery, AuditLogResponse } from '@docent/common/admin';

export class ListAuditLogQuery extends Query<Omit<AuditLogResponse, 'success'>> {
  constructor(readonly filters: AuditLogQuery) {
    super();
  }
}
