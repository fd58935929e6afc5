import { Module } from '@nestjs/common';
import { DeleteDocumentHandler } from './commands/delete-document.command.js';
import { ReprocessDocumentHandler } from './commands/reprocess-document.command.js';
import { UpdateDocumentMetadataHandler } from './commands/update-document-metadata.command.js';
import { DocumentChangesPublisher } from './document-changes.publisher.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentStreamWriter } from './domain/document-stream-writer.js';
import { ChunkIndex } from './indexing/chunk-index.js';
import { DocumentReindexer } from './indexing/document-reindexer.service.js';
import {
  DOCUMENT_PROCESSING_OPTIONS,
  DocumentProcessor,
  defaultProcessingOptions,
} from './processing/document-processor.service.js';
import { ProcessingProgress } from './processing/processing-progress.js';
import { RagEngineProbe } from './rag-engine.probe.js';
import { DocumentViews } from './read-model/document-views.js';
import { DocumentsProjection } from './read-model/documents.projection.js';
import { FileStoreModule } from './storage/file-store.module.js';
import { Originals } from './storage/originals.js';
import { DocumentUploads } from './upload/document-uploads.service.js';

/** The knowledge base: uploads, processing into indexed chunks, and the documents API. */
@Module({
  imports: [FileStoreModule],
  controllers: [DocumentsController],
  providers: [
    { provide: DOCUMENT_PROCESSING_OPTIONS, useFactory: defaultProcessingOptions },
    DocumentsProjection,
    DocumentStreamWriter,
    DocumentViews,
    DocumentUploads,
    DocumentProcessor,
    DocumentChangesPublisher,
    ProcessingProgress,
    ChunkIndex,
    DocumentReindexer,
    Originals,
    RagEngineProbe,
    DeleteDocumentHandler,
    ReprocessDocumentHandler,
    UpdateDocumentMetadataHandler,
  ],
  exports: [ChunkIndex, DocumentViews, DocumentProcessor],
})
export class DocumentsModule {}
