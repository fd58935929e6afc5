import { Command } from '@nestjs/cqrs';
import type { DocumentView } from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';
import type { StoredAccessLevel } from '../domain/document.events.js';
import type { StagedFile } from '../storage/file-store.js';

/** A file of an upload, written aside and hashed, under the name the client gave it. */
export interface StagedUpload {
  fileName: string;
  staged: StagedFile;
}

/** Why a file was not accepted: its content is of no type Docent reads, or storing it failed. */
export type UploadRefusal = 'unsupported-type' | 'not-stored';

export type UploadFileOutcome =
  { fileName: string; accepted: DocumentView } | { fileName: string; refused: UploadRefusal; error: string };

/** Stores and records each staged file as a document; one outcome per file, in order. */
export class UploadDocumentsCommand extends Command<UploadFileOutcome[]> {
  constructor(
    readonly files: StagedUpload[],
    readonly accessLevel: StoredAccessLevel,
    readonly principal: Principal,
  ) {
    super();
  }
}
