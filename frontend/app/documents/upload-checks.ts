import { DOCUMENT_TYPES, formatFileSize, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@docent/common/documents';

/** The part of a browser File the checks read. */
export interface SelectedFile {
  name: string;
  size: number;
}

const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/** Shown in the dialog before anything is chosen, so nobody learns the limits from a refusal. */
export const UPLOAD_LIMITS_TEXT = `Up to ${MAX_FILES_PER_UPLOAD} files, ${MAX_UPLOAD_MEGABYTES} MB each`;
export const ACCEPTED_TYPES_TEXT = `Accepted types: ${DOCUMENT_TYPES.join(', ')}`;

/**
 * The file picker's filter. Only a hint: the server decides the type by content, and a
 * dropped file (or 'All files' in the picker) still reaches it and gets its answer.
 */
export const FILE_PICKER_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.md,.markdown,.txt';

export type UploadSelectionCheck<F extends SelectedFile> = { ok: true; files: F[] } | { ok: false; message: string };

/** The spec's upload limits, checked in the browser before a byte is sent. */
export function checkUploadSelection<F extends SelectedFile>(files: readonly F[]): UploadSelectionCheck<F> {
  if (files.length === 0) return { ok: false, message: 'Choose at least one file to upload.' };
  if (files.length > MAX_FILES_PER_UPLOAD) {
    return { ok: false, message: `You chose ${files.length} files; upload at most ${MAX_FILES_PER_UPLOAD} at a time.` };
  }
  const tooLarge = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
  if (tooLarge.length > 0) {
    const list = tooLarge.map((file) => `${file.name} (${formatFileSize(file.size)})`).join(', ');
    return { ok: false, message: `Each file must be at most ${MAX_UPLOAD_MEGABYTES} MB: ${list} is too large.` };
  }
  const empty = files.filter((file) => file.size === 0);
  if (empty.length > 0) return { ok: false, message: `${empty.map((file) => file.name).join(', ')} is empty.` };
  return { ok: true, files: [...files] };
}

/** The spec's upload failure text: the server's error field, else 'HTTP {status}: {statusText}'. */
export function uploadFailureMessage(status: number, statusText: string, body: unknown): string {
  const serverError = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof serverError === 'string' && serverError.length > 0) return serverError;
  // XMLHttpRequest reports a request that never got an answer as status 0.
  if (status === 0) return 'Network error';
  return `HTTP ${status}: ${statusText}`;
}
