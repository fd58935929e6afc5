import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DocumentUserMetadata } from '@docent/common/documents';
import { Decisions } from '../../event-store/decisions.service.js';
import { documentDecider } from '../domain/document.decider.js';
import { documentStreamId } from '../domain/document.events.js';
import { DocumentViews } from '../read-model/document-views.js';
import { UpdateDocumentMetadataCommand } from './update-document-metadata.command.js';

/** Replaces the document's metadata, who may read it (accessLevel) included, for those the policy lets change it. */
@CommandHandler(UpdateDocumentMetadataCommand)
export class UpdateDocumentMetadataHandler implements ICommandHandler<UpdateDocumentMetadataCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly decisions: Decisions,
  ) {}

  async execute({ documentId, metadata, principal }: UpdateDocumentMetadataCommand): Promise<DocumentUserMetadata> {
    await this.views.findFor(documentId, principal, 'update');
    await this.decisions.handle(
      documentDecider,
      documentStreamId(documentId),
      { type: 'UpdateMetadata', metadata },
      {
        actorId: principal.userId,
      },
    );
    return { id: documentId, ...metadata };
  }
}
