import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';

/** A document's original file, as it was uploaded. */
export interface DocumentOriginal {
  content: Readable;
  name: string;
  contentType: string;
  sizeBytes: number;
}

export class DownloadDocumentQuery extends Query<DocumentOriginal> {
  constructor(
    readonly documentId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
