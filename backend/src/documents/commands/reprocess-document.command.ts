import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DocumentView } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import { DocumentViews } from '../read-model/document-views.js';

export class ReprocessDocumentCommand {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {}
}

/** Only a failed document may be reprocessed (409 otherwise); the processor picks it up from the event. */
@CommandHandler(ReprocessDocumentCommand)
export class ReprocessDocumentHandler implements ICommandHandler<ReprocessDocumentCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly documents: DocumentStreamWriter,
  ) {}

  async execute({ documentId, principal }: ReprocessDocumentCommand): Promise<DocumentView> {
    await this.views.findFor(documentId, principal, 'reprocess');
    await this.documents.execute(documentId, { type: 'RequestReprocess' }, { actorId: principal.userId });
    return this.views.view(documentId, principal);
  }
}
