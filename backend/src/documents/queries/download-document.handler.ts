import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../common/domain-error.js';
import { DocumentViews } from '../read-model/document-views.js';
import { FILE_STORE, FileNotFoundError, type FileStore } from '../storage/file-store.js';
import { DownloadDocumentQuery, type DocumentOriginal } from './download-document.query.js';

@QueryHandler(DownloadDocumentQuery)
export class DownloadDocumentHandler implements IQueryHandler<DownloadDocumentQuery> {
  constructor(
    private readonly views: DocumentViews,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async execute({ documentId, principal }: DownloadDocumentQuery): Promise<DocumentOriginal> {
    const document = await this.views.find(documentId, principal);
    try {
      return {
        content: this.files.get(document.sha256),
        name: document.name,
        contentType: document.contentType,
        sizeBytes: document.sizeBytes,
      };
    } catch (error) {
      if (error instanceof FileNotFoundError)
        throw new DomainError('not-found', 'The original file is missing from storage');
      throw error;
    }
  }
}
