import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentUserMetadata } from '@docent/common/documents';
import { DomainError } from '../../common/domain-error.js';
import { DocumentViews } from '../read-model/document-views.js';
import { GetDocumentMetadataQuery } from './get-document-metadata.query.js';

/** The document's own metadata; not-found when none was ever set. */
@QueryHandler(GetDocumentMetadataQuery)
export class GetDocumentMetadataHandler implements IQueryHandler<GetDocumentMetadataQuery> {
  constructor(private readonly views: DocumentViews) {}

  async execute({ documentId, principal }: GetDocumentMetadataQuery): Promise<DocumentUserMetadata> {
    const { userMetadata } = await this.views.find(documentId, principal);
    if (!userMetadata) throw new DomainError('not-found', 'This document has no metadata');
    return { ...userMetadata, id: documentId };
  }
}
