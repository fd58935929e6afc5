import { Query } from '@nestjs/cqrs';
import type { DocumentListQuery, DocumentListResponse } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';

export class ListDocumentsQuery extends Query<DocumentListResponse> {
  constructor(
    readonly filters: DocumentListQuery,
    readonly principal: Principal,
  ) {
    super();
  }
}
