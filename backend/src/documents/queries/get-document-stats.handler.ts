import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentStats } from '@docent/common/documents';
import { DocumentViews } from '../read-model/document-views.js';
import { GetDocumentStatsQuery } from './get-document-stats.query.js';

/** Counts by status, total size and total chunks of the documents the caller may read. */
@QueryHandler(GetDocumentStatsQuery)
export class GetDocumentStatsHandler implements IQueryHandler<GetDocumentStatsQuery> {
  constructor(private readonly views: DocumentViews) {}

  execute({ principal }: GetDocumentStatsQuery): Promise<DocumentStats> {
    return this.views.stats(principal);
  }
}
