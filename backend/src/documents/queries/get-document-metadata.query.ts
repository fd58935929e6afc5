import { Query } from '@nestjs/cqrs';
import type { DocumentUserMetadata } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';

export class GetDocumentMetadataQuery extends Query<DocumentUserMetadata> {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
