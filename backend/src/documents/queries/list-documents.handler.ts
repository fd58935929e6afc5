import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentListResponse } from '@docent/common/documents';
import { DocumentViews } from '../read-model/document-views.js';
import { ListDocumentsQuery } from './list-documents.query.js';

/** The documents the caller may read, filtered, sorted and paged. */
@QueryHandler(ListDocumentsQuery)
export class ListDocumentsHandler implements IQueryHandler<ListDocumentsQuery> {
  constructor(private readonly views: DocumentViews) {}

  execute({ filters, principal }: ListDocumentsQuery): Promise<DocumentListResponse> {
    return this.views.list(filters, principal);
  }
}
