import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DocumentView } from '@docent/common/documents';
import { Decisions } from '../../event-store/decisions.service.js';
import { documentDecider } from '../domain/document.decider.js';
import { documentStreamId } from '../domain/document.events.js';
import { DocumentViews } from '../read-model/document-views.js';
import { ReprocessDocumentCommand } from './reprocess-document.command.js';

/** Only a failed document may be reprocessed (409 otherwise); the processing reaction picks it up from the event. */
@CommandHandler(ReprocessDocumentCommand)
export class ReprocessDocumentHandler implements ICommandHandler<ReprocessDocumentCommand> {
  constructor(
    private readonly views: DocumentViews,
    private readonly decisions: Decisions,
  ) {}

  async execute({ documentId, principal }: ReprocessDocumentCommand): Promise<DocumentView> {
    await this.views.findFor(documentId, principal, 'reprocess');
    await this.decisions.handle(
      documentDecider,
      documentStreamId(documentId),
      { type: 'RequestReprocess' },
      {
        actorId: principal.userId,
      },
    );
    return this.views.view(documentId, principal);
  }
}
