import { Query } from '@nestjs/cqrs';
import type { DocumentPreview } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';

export class PreviewDocumentQuery extends Query<DocumentPreview> {
  constructor(
    readonly documentId: string,
    /** 1-based; past the last page, the last page. */
    readonly page: number | undefined,
    /** Characters per page. */
    readonly pageSize: number | undefined,
    readonly principal: Principal,
  ) {
    super();
  }
}
