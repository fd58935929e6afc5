import { Command } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';

export class DeleteDocumentCommand extends Command<void> {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
