import { Command } from '@nestjs/cqrs';
import type { DocumentView } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';

export class ReprocessDocumentCommand extends Command<DocumentView> {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
