import type { UploadFileResult, UploadResponse } from '@docent/common/documents';
import type { UploadFileOutcome, UploadRefusal } from '../commands/upload-documents.command.js';
import { safeFileName } from './file-name.js';
import type { UploadedPart } from './multipart-upload.js';

const REFUSAL_STATUS: Record<UploadRefusal, number> = {
  'unsupported-type': 415,
  'not-stored': 500,
};

/**
 * The answer to an upload request, a result per file in the order sent: the parts the
 * multipart reader refused, and the outcomes of the staged ones, in turn. 201 when at
 * least one file was accepted; otherwise the status of the first failure.
 */
export function uploadResponse(
  parts: UploadedPart[],
  outcomes: UploadFileOutcome[],
): { status: number; body: UploadResponse } {
  const handled = outcomes.values();
  const results = parts.map((part): UploadFileResult => {
    if ('refused' in part) return { fileName: safeFileName(part.fileName), success: false, ...part.refused };
    const outcome = handled.next().value!;
    return 'accepted' in outcome
      ? { fileName: outcome.fileName, success: true, document: outcome.accepted }
      : { fileName: outcome.fileName, success: false, status: REFUSAL_STATUS[outcome.refused], error: outcome.error };
  });
  const documents = results.flatMap((result) => (result.success ? [result.document] : []));
  const firstFailure = results.find((result) => !result.success);
  if (documents.length > 0) return { status: 201, body: { success: true, documents, results } };
  return {
    status: firstFailure?.status ?? 400,
    body: { success: false, documents, results, error: describeFailures(results) },
  };
}

/** One file: its error as is. Several: each file's name with its error. */
function describeFailures(results: UploadFileResult[]): string {
  const failures = results.flatMap((result) => (result.success ? [] : [result]));
  if (failures.length === 1) return failures[0]!.error;
  return failures.map((failure) => `${failure.fileName}: ${failure.error}`).join('; ');
}
