import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { documentDecider } from '../domain/document.decider.js';
import { documentStreamId, type StoredAccessLevel } from '../domain/document.events.js';
import { detectDocumentType } from '../parsing/detect-document-type.js';
import { DocumentViews } from '../read-model/document-views.js';
import { Originals } from '../storage/originals.js';
import { safeFileName } from '../upload/file-name.js';
import {
  UploadDocumentsCommand,
  type StagedUpload,
  type UploadFileOutcome,
  type UploadRefusal,
} from './upload-documents.command.js';

type Refused = Extract<UploadFileOutcome, { refused: UploadRefusal }>;
type RecordedOrRefused = { fileName: string; documentId: string } | Refused;

const notStored = (fileName: string): Refused => ({
  fileName,
  refused: 'not-stored',
  error: 'The file could not be stored; please try again',
});

/**
 * Accepts each file on its own: a refused file is reported and the others go on. An
 * accepted file is stored content-addressed and recorded as a document; processing
 * follows off this request. Every staged copy is gone when the handler returns.
 */
@CommandHandler(UploadDocumentsCommand)
export class UploadDocumentsHandler implements ICommandHandler<UploadDocumentsCommand> {
  private readonly logger = new Logger(UploadDocumentsHandler.name);

  constructor(
    private readonly decisions: Decisions,
    private readonly originals: Originals,
    private readonly views: DocumentViews,
  ) {}

  async execute({ files, accessLevel, principal }: UploadDocumentsCommand): Promise<UploadFileOutcome[]> {
    const recorded: RecordedOrRefused[] = [];
    for (const file of files) recorded.push(await this.accept(file, accessLevel, principal));
    // One read for the views of every accepted file rather than two statements each.
    const views = await this.views.viewsOf(
      recorded.flatMap((outcome) => ('documentId' in outcome ? [outcome.documentId] : [])),
      principal,
    );
    return recorded.map((outcome) => {
      if (!('documentId' in outcome)) return outcome;
      const view = views.get(outcome.documentId);
      // Deleted again before this read: answered like a file that was never stored.
      return view ? { fileName: outcome.fileName, accepted: view } : notStored(outcome.fileName);
    });
  }

  private async accept(
    { fileName, staged }: StagedUpload,
    accessLevel: StoredAccessLevel,
    principal: Principal,
  ): Promise<RecordedOrRefused> {
    const name = safeFileName(fileName);
    try {
      const detected = detectDocumentType(await staged.read(), name);
      if ('error' in detected) return { fileName: name, refused: 'unsupported-type', error: detected.error };
      const documentId = randomUUID();
      await this.originals.keep(staged, () =>
        this.decisions.handle(
          documentDecider,
          documentStreamId(documentId),
          {
            type: 'Upload',
            upload: {
              documentId,
              name,
              type: detected.type,
              contentType: detected.contentType,
              sizeBytes: staged.size,
              sha256: staged.sha256,
              uploadedBy: principal.userId,
              accessLevel,
            },
          },
          { actorId: principal.userId },
          // A new id's stream is empty: decided on without reading it (the append still checks).
          { from: { state: documentDecider.initialState(), version: 0 } },
        ),
      );
      return { fileName: name, documentId };
    } catch (error) {
      this.logger.error({ err: error, fileName: name }, 'Could not accept an uploaded file');
      return notStored(name);
    } finally {
      await staged.discard().catch(() => undefined);
    }
  }
}
