import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DocumentUserMetadata } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import type { DocumentUserMetadataFields } from '../domain/document.events.js';
import { DocumentViews } from '../read-model/document-views.js';

export class UpdateDocumentMetadataCommand {
  constructor(
    readonly documentId: string,
    readonly metadata: DocumentUserMetadataFields,
    readonly principal: Principal,
  ) {}
}

/** Replaces the document's metadata, who may read it (accessLevel) included, for those the policy lets change it. */
@CommandHandler(UpdateDocumentMetadataCommand)
export class UpdateDocumentMetadataHandler implements ICommandHandler<UpdateDocumentMetadataCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly documents: DocumentStreamWriter,
  ) {}

  async execute({ documentId, metadata, principal }: UpdateDocumentMetadataCommand): Promise<DocumentUserMetadata> {
    await this.views.findFor(documentId, principal, 'update');
    await this.documents.execute(documentId, { type: 'UpdateMetadata', metadata }, { actorId: principal.userId });
    return { id: documentId, ...metadata };
  }
}
