import { Command } from '@nestjs/cqrs';
import type { DocumentUserMetadata } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';
import type { DocumentUserMetadataFields } from '../domain/document.events.js';

export class UpdateDocumentMetadataCommand extends Command<DocumentUserMetadata> {
  constructor(
    readonly documentId: string,
    readonly metadata: DocumentUserMetadataFields,
    readonly principal: Principal,
  ) {
    super();
  }
}
