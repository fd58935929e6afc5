import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DOCUMENT_STATUS_LABELS, type DocumentPreview, type DocumentStatus } from '@docent/common/documents';
import { DomainError } from '../../common/domain-error.js';
import { DocumentViews } from '../read-model/document-views.js';
import { ExtractedTexts } from '../storage/extracted-texts.js';
import { PreviewDocumentQuery } from './preview-document.query.js';

const PREVIEW_PAGE_CHARACTERS = 20_000;

/** The extracted text, a page of characters at a time; a conflict while there is none yet. */
@QueryHandler(PreviewDocumentQuery)
export class PreviewDocumentHandler implements IQueryHandler<PreviewDocumentQuery> {
  constructor(
    private readonly views: DocumentViews,
    private readonly texts: ExtractedTexts,
  ) {}

  async execute({
    documentId,
    page: pageAsked,
    pageSize: pageSizeAsked,
    principal,
  }: PreviewDocumentQuery): Promise<DocumentPreview> {
    const document = await this.views.find(documentId, principal);
    const text = await this.texts.of(documentId);
    if (text === null) {
      const status = DOCUMENT_STATUS_LABELS[document.status as DocumentStatus];
      throw new DomainError('conflict', `No text has been extracted from this document yet: it is ${status}`);
    }
    const pageSize = pageSizeAsked ?? PREVIEW_PAGE_CHARACTERS;
    const pageCount = Math.max(1, Math.ceil(text.length / pageSize));
    const page = Math.min(pageAsked ?? 1, pageCount);
    return {
      success: true,
      documentId,
      name: document.name,
      text: text.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageCount,
      totalCharacters: text.length,
    };
  }
}
