import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import { ChunkIndex } from '../indexing/chunk-index.js';
import { DocumentViews } from '../read-model/document-views.js';
import { Originals } from '../storage/originals.js';

export class DeleteDocumentCommand {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {}
}

/** The document goes from the list at once; its chunks go with it, and its original when nothing else uses it. */
@CommandHandler(DeleteDocumentCommand)
export class DeleteDocumentHandler implements ICommandHandler<DeleteDocumentCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly documents: DocumentStreamWriter,
    private readonly chunkIndex: ChunkIndex,
    private readonly originals: Originals,
  ) {}

  async execute({ documentId, principal }: DeleteDocumentCommand): Promise<void> {
    const { sha256 } = await this.views.findFor(documentId, principal, 'delete');
    await this.documents.execute(documentId, { type: 'Delete' }, { actorId: principal.userId });
    await this.chunkIndex.removeDocument(documentId);
    await this.originals.releaseIfUnreferenced(sha256);
  }
}
