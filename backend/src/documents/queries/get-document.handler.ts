import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentView } from '@docent/common/documents';
import { DocumentViews } from '../read-model/document-views.js';
import { GetDocumentQuery } from './get-document.query.js';

/** One document, or not-found when it does not exist or the caller may not read it. */
@QueryHandler(GetDocumentQuery)
export class GetDocumentHandler implements IQueryHandler<GetDocumentQuery> {
  constructor(private readonly views: DocumentViews) {}

  execute({ documentId, principal }: GetDocumentQuery): Promise<DocumentView> {
    return this.views.view(documentId, principal);
  }
}
