import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { DomainError } from '../../common/domain-error.js';
import type { FileStore, StagedFile } from '../storage/file-store.js';

export const UPLOAD_FIELD = 'document';

/** One file of a multipart upload: staged (written aside and hashed, not stored) or refused. */
export type UploadedPart =
  { fileName: string; staged: StagedFile } | { fileName: string; refused: { status: number; error: string } };

export interface MultipartUpload {
  parts: UploadedPart[];
  /** Text fields, first value of each. */
  fields: Record<string, string>;
}

export interface MultipartUploadLimits {
  maxFiles: number;
  maxFileBytes: number;
}

export const NOT_MULTIPART = `Send the files as multipart/form-data in the field '${UPLOAD_FIELD}'`;
export const NO_FILES = `No file was uploaded: send the files in the multipart field '${UPLOAD_FIELD}'`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Reads a multipart upload as it arrives, staging each file in the store. Each file
 * is judged alone (an oversized file is refused, the others go on); only a
 * malformed body or too many files refuse the whole request, and then nothing
 * staged is kept.
 */
export async function readMultipartUpload(
  request: IncomingMessage,
  store: FileStore,
  limits: MultipartUploadLimits,
): Promise<MultipartUpload> {
  if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
    throw new DomainError('invalid', NOT_MULTIPART);
  }
  const pending: Promise<UploadedPart>[] = [];
  const fields: Record<string, string> = {};
  let tooManyFiles = false;

  const finished = new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        limits: {
          files: limits.maxFiles,
          fileSize: limits.maxFileBytes,
          fields: 20,
          fieldSize: 1024,
          parts: limits.maxFiles + 20,
        },
      });
    } catch {
      reject(new DomainError('invalid', NOT_MULTIPART));
      return;
    }
    parser.on('file', (field, stream, info) => {
      const fileName = info.filename ?? '';
      if (field !== UPLOAD_FIELD) {
        stream.on('error', () => undefined).resume();
        pending.push(
          Promise.resolve({
            fileName,
            refused: { status: 400, error: `Files must be sent in the field '${UPLOAD_FIELD}'` },
          }),
        );
        return;
      }
      pending.push(stageFile(store, fileName, stream, limits.maxFileBytes));
    });
    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('filesLimit', () => {
      tooManyFiles = true;
    });
    parser.on('error', () => reject(new DomainError('invalid', 'The multipart body is malformed or was cut off')));
    parser.on('close', () => resolve());
    request.on('close', () => {
      if (request.complete) return;
      reject(new DomainError('invalid', 'The upload was cut off before it finished'));
      // Piping does not pass the end of a request on: the file being staged would wait
      // for the rest forever, its staged copy left on disk. Destroying the parser errors it.
      parser.destroy();
    });
    request.pipe(parser);
  });

  const failure = await finished.then(
    () => null,
    (error: unknown) => error,
  );
  const settled = await Promise.allSettled(pending);
  const parts = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stagingFailure = settled.find((outcome) => outcome.status === 'rejected')?.reason as unknown;
  if (failure || stagingFailure || tooManyFiles) {
    await discardAll(parts);
    throw (
      failure ??
      stagingFailure ??
      new DomainError('invalid', `At most ${limits.maxFiles} files can be uploaded at once`)
    );
  }
  if (parts.length === 0) throw new DomainError('invalid', NO_FILES);
  return { parts, fields };
}

/** Stages one file; busboy cuts a file at the size limit, which makes it refused rather than truncated. */
async function stageFile(
  store: FileStore,
  fileName: string,
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  maxFileBytes: number,
): Promise<UploadedPart> {
  // Listening at once: a body cut off while the store is still opening its file would
  // otherwise error the stream with nobody listening, which crashes the process.
  let streamError: unknown;
  stream.on('error', (error) => {
    streamError = error;
  });
  let staged: StagedFile;
  try {
    staged = await store.stage(stream as never);
  } catch (error) {
    stream.resume();
    throw error;
  }
  if (streamError) {
    await staged.discard();
    throw streamError;
  }
  if (stream.truncated) {
    await staged.discard();
    return {
      fileName,
      refused: { status: 413, error: `The file is larger than the limit of ${megabytes(maxFileBytes)}` },
    };
  }
  return { fileName, staged };
}

export async function discardAll(parts: UploadedPart[]): Promise<void> {
  await Promise.all(parts.map((part) => ('staged' in part ? part.staged.discard() : undefined)));
}
