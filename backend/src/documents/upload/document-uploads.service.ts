import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  type UploadFileResult,
  type UploadResponse,
} from '@docent/common/documents';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import { uploadFieldsSchema } from '../documents.schemas.js';
import { detectDocumentType } from '../parsing/detect-document-type.js';
import { DocumentViews } from '../read-model/document-views.js';
import { FILE_STORE, type FileStore, type StagedFile } from '../storage/file-store.js';
import { Originals } from '../storage/originals.js';
import { safeFileName } from './file-name.js';
import { discardAll, readMultipartUpload, type UploadedPart } from './multipart-upload.js';

export interface UploadOutcome {
  status: number;
  body: UploadResponse;
}

/**
 * Accepts the files of one upload request, each on its own: a refused file is
 * reported and the others go on. An accepted file is stored content-addressed and
 * recorded as a document; processing follows off this request.
 */
@Injectable()
export class DocumentUploads {
  private readonly logger = new Logger(DocumentUploads.name);

  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly originals: Originals,
    private readonly documents: DocumentStreamWriter,
    private readonly views: DocumentViews,
  ) {}

  async upload(request: IncomingMessage, principal: Principal): Promise<UploadOutcome> {
    const { parts, fields } = await readMultipartUpload(request, this.files, {
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxFileBytes: MAX_UPLOAD_BYTES,
    });
    const options = uploadFieldsSchema.safeParse(fields);
    if (!options.success) {
      await discardAll(parts);
      throw new DomainError('invalid', options.error.issues[0]!.message);
    }
    const results: UploadFileResult[] = [];
    for (const part of parts) results.push(await this.accept(part, options.data.accessLevel, principal));

    const documents = results.flatMap((result) => (result.success ? [result.document] : []));
    const firstFailure = results.find((result) => !result.success);
    if (documents.length > 0) return { status: 201, body: { success: true, documents, results } };
    return {
      status: firstFailure?.status ?? 400,
      body: { success: false, documents, results, error: describeFailures(results) },
    };
  }

  private async accept(
    part: UploadedPart,
    accessLevel: 'shared' | 'private',
    principal: Principal,
  ): Promise<UploadFileResult> {
    const name = safeFileName(part.fileName);
    if ('refused' in part) return { fileName: name, success: false, ...part.refused };
    const { staged } = part;
    try {
      const detected = detectDocumentType(await staged.read(), name);
      if ('error' in detected) return { fileName: name, success: false, status: 415, error: detected.error };
      const documentId = randomUUID();
      await this.originals.keep(staged, () =>
        this.documents.execute(
          documentId,
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
        ),
      );
      return { fileName: name, success: true, document: await this.views.view(documentId, principal) };
    } catch (error) {
      this.logger.error({ err: error, fileName: name }, 'Could not accept an uploaded file');
      return { fileName: name, success: false, status: 500, error: 'The file could not be stored; please try again' };
    } finally {
      await discard(staged);
    }
  }
}

async function discard(staged: StagedFile): Promise<void> {
  await staged.discard().catch(() => undefined);
}

/** One file: its error as is. Several: each file's name with its error. */
function describeFailures(results: UploadFileResult[]): string {
  const failures = results.flatMap((result) => (result.success ? [] : [result]));
  if (failures.length === 1) return failures[0]!.error;
  return failures.map((failure) => `${failure.fileName}: ${failure.error}`).join('; ');
}
