import { Query } from '@nestjs/cqrs';
import type { DocumentStats } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';

export class GetDocumentStatsQuery extends Query<DocumentStats> {
  constructor(readonly principal: Principal) {
    super();
  }
}
