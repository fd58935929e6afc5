import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';
import { documentIdOf } from '../domain/document.events.js';
import { DocumentEntity } from './document.entity.js';

/**
 * Inline, so that the processor, the list and the uniqueness of work all see a
 * status change the moment it commits. Chunks and extracted text are not built
 * here: they derive from the stored original, and processing rebuilds them.
 */
@Projection({ name: 'documents', mode: 'inline' })
@Injectable()
export class DocumentsProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    if (event.streamType !== 'document') return;
    const id = documentIdOf(event.streamId);
    switch (event.type) {
      case 'DocumentUploaded':
        await em.insert(DocumentEntity, {
          id,
          name: event.data.name,
          type: event.data.type,
          contentType: event.data.contentType,
          sizeBytes: event.data.sizeBytes,
          sha256: event.data.sha256,
          status: 'indexing',
          failureReason: null,
          uploadedBy: event.data.uploadedBy,
          uploadedAt: event.occurredAt,
          processedAt: null,
          chunks: 0,
          vectorized: false,
          embeddingModel: null,
          pages: null,
          words: null,
          language: null,
          category: null,
          tags: [],
          accessLevel: event.data.accessLevel,
          userMetadata: null,
        });
        return;
      case 'DocumentParsed':
        await em.nativeUpdate(
          DocumentEntity,
          { id },
          { status: 'processing', pages: event.data.pages, words: event.data.words, language: event.data.language },
        );
        return;
      case 'DocumentProcessed':
        await em.nativeUpdate(
          DocumentEntity,
          { id },
          {
            status: 'processed',
            processedAt: event.occurredAt,
            chunks: event.data.chunks,
            vectorized: event.data.vectorized,
            embeddingModel: event.data.embeddingModel,
          },
        );
        return;
      case 'DocumentProcessingFailed':
        await em.nativeUpdate(DocumentEntity, { id }, { status: 'failed', failureReason: event.data.reason });
        return;
      case 'DocumentReprocessRequested':
        await em.nativeUpdate(
          DocumentEntity,
          { id },
          {
            status: 'indexing',
            failureReason: null,
            processedAt: null,
            chunks: 0,
            vectorized: false,
            embeddingModel: null,
          },
        );
        return;
      case 'DocumentVectorsRebuilt':
        await em.nativeUpdate(
          DocumentEntity,
          { id },
          { vectorized: event.data.vectorized, embeddingModel: event.data.embeddingModel },
        );
        return;
      case 'DocumentMetadataUpdated': {
        const { category, tags, accessLevel } = event.data.metadata;
        await em.nativeUpdate(
          DocumentEntity,
          { id },
          {
            userMetadata: event.data.metadata,
            category: category ?? null,
            tags: tags ?? [],
            ...(accessLevel && { accessLevel }),
          },
        );
        return;
      }
      case 'DocumentDeleted':
        await em.nativeDelete(DocumentEntity, { id });
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(DocumentEntity, {});
  }
}
