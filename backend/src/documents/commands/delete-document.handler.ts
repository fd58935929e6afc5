import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { CHUNK_INDEX_WRITER, type ChunkIndexWriter } from '../../search/index/chunk-index-writer.port.js';
import { documentDecider } from '../domain/document.decider.js';
import { documentStreamId } from '../domain/document.events.js';
import { DocumentViews } from '../read-model/document-views.js';
import { ExtractedTexts } from '../storage/extracted-texts.js';
import { Originals } from '../storage/originals.js';
import { DeleteDocumentCommand } from './delete-document.command.js';

/**
 * The document goes from the list at once; its chunks and text go with it, and its
 * original when nothing else uses it. A crash in between leaves chunks and text that the
 * next start clears up.
 */
@CommandHandler(DeleteDocumentCommand)
export class DeleteDocumentHandler implements ICommandHandler<DeleteDocumentCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly decisions: Decisions,
    @Inject(CHUNK_INDEX_WRITER) private readonly chunkIndex: ChunkIndexWriter,
    private readonly texts: ExtractedTexts,
    private readonly originals: Originals,
  ) {}

  async execute({ documentId, principal }: DeleteDocumentCommand): Promise<void> {
    const { sha256 } = await this.views.findFor(documentId, principal, 'delete');
    await this.decisions.handle(
      documentDecider,
      documentStreamId(documentId),
      { type: 'Delete' },
      {
        actorId: principal.userId,
      },
    );
    await this.chunkIndex.removeDocument(documentId);
    await this.texts.remove(documentId);
    await this.originals.releaseIfUnreferenced(sha256);
  }
}
