import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DocumentUserMetadata } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import type { DocumentUserMetadataFields } from '../domain/document.events.js';
import { canReadEverything, DocumentViews } from '../read-model/document-views.js';

export class UpdateDocumentMetadataCommand {
  constructor(
    readonly documentId: string,
    readonly metadata: DocumentUserMetadataFields,
    readonly principal: Principal,
  ) {}
}

export const ACCESS_LEVEL_OWNER_ONLY =
  'Only the person who uploaded a document or an administrator can change who may read it';

/** Replaces the document's metadata. Who may read it (accessLevel) is changed only by its uploader or an administrator. */
@CommandHandler(UpdateDocumentMetadataCommand)
export class UpdateDocumentMetadataHandler implements ICommandHandler<UpdateDocumentMetadataCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly documents: DocumentStreamWriter,
  ) {}

  async execute({ documentId, metadata, principal }: UpdateDocumentMetadataCommand): Promise<DocumentUserMetadata> {
    const document = await this.views.find(documentId, principal);
    const changesAccess = metadata.accessLevel !== undefined && metadata.accessLevel !== document.accessLevel;
    if (changesAccess && document.uploadedBy !== principal.userId && !canReadEverything(principal)) {
      throw new DomainError('forbidden', ACCESS_LEVEL_OWNER_ONLY);
    }
    await this.documents.execute(documentId, { type: 'UpdateMetadata', metadata }, { actorId: principal.userId });
    return { id: documentId, ...metadata };
  }
}
