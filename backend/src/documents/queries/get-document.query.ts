import { Query } from '@nestjs/cqrs';
import type { DocumentView } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';

export class GetDocumentQuery extends Query<DocumentView> {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
