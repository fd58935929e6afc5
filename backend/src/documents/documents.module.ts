import { Module } from '@nestjs/common';
import { SearchIndexModule } from '../search/index/search-index.module.js';
import { DeleteDocumentHandler } from './commands/delete-document.handler.js';
import { ReprocessDocumentHandler } from './commands/reprocess-document.handler.js';
import { UpdateDocumentMetadataHandler } from './commands/update-document-metadata.handler.js';
import { UploadDocumentsHandler } from './commands/upload-documents.handler.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentProcessingProbe } from './processing/document-processing.probe.js';
import { DocumentReindexer } from './processing/document-reindexer.service.js';
import {
  DOCUMENT_PROCESSING_OPTIONS,
  DocumentProcessor,
  defaultProcessingOptions,
} from './processing/document-processor.service.js';
import { ProcessDocumentReaction } from './processing/process-document.reaction.js';
import { ProcessingProgress } from './processing/processing-progress.js';
import { PushDocumentChangesReaction } from './push-document-changes.reaction.js';
import { DownloadDocumentHandler } from './queries/download-document.handler.js';
import { GetDocumentMetadataHandler } from './queries/get-document-metadata.handler.js';
import { GetDocumentStatsHandler } from './queries/get-document-stats.handler.js';
import { GetDocumentHandler } from './queries/get-document.handler.js';
import { ListDocumentsHandler } from './queries/list-documents.handler.js';
import { PreviewDocumentHandler } from './queries/preview-document.handler.js';
import { READABLE_DOCUMENTS } from './readable-documents.port.js';
import { DocumentViews } from './read-model/document-views.js';
import { DocumentsProjection } from './read-model/documents.projection.js';
import { ReadableDocumentsRelation } from './read-model/readable-documents.js';
import { ExtractedTexts } from './storage/extracted-texts.js';
import { FileStoreModule } from './storage/file-store.module.js';
import { Originals } from './storage/originals.js';

/**
 * The knowledge base: uploads, processing into chunks that the search feature's index
 * keeps (written through its CHUNK_INDEX_WRITER port), and the documents API. Search
 * reads which documents a reader may search through READABLE_DOCUMENTS.
 */
@Module({
  imports: [FileStoreModule, SearchIndexModule],
  controllers: [DocumentsController],
  providers: [
    { provide: DOCUMENT_PROCESSING_OPTIONS, useFactory: defaultProcessingOptions },
    { provide: READABLE_DOCUMENTS, useClass: ReadableDocumentsRelation },
    DocumentsProjection,
    DocumentViews,
    DocumentProcessor,
    DocumentProcessingProbe,
    ProcessDocumentReaction,
    PushDocumentChangesReaction,
    ProcessingProgress,
    DocumentReindexer,
    ExtractedTexts,
    Originals,
    UploadDocumentsHandler,
    DeleteDocumentHandler,
    ReprocessDocumentHandler,
    UpdateDocumentMetadataHandler,
    ListDocumentsHandler,
    GetDocumentHandler,
    GetDocumentStatsHandler,
    GetDocumentMetadataHandler,
    DownloadDocumentHandler,
    PreviewDocumentHandler,
  ],
  exports: [READABLE_DOCUMENTS, DocumentProcessor, FileStoreModule],
})
export class DocumentsModule {}
