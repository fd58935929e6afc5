import { DOCUMENT_TYPES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@docent/common/documents';
import type { TFunction } from 'i18next';
import { formatSize } from './file-size';

/** The part of a browser File the checks read. */
export interface SelectedFile {
  name: string;
  size: number;
}

const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/** Shown in the dialog before anything is chosen, so nobody learns the limits from a refusal. */
export const uploadLimitsText = (t: TFunction<'documents'>) =>
  t('upload.limits', { files: MAX_FILES_PER_UPLOAD, megabytes: MAX_UPLOAD_MEGABYTES });
export const acceptedTypesText = (t: TFunction<'documents'>) =>
  t('upload.acceptedTypes', { types: DOCUMENT_TYPES.join(', ') });

/**
 * The file picker's filter. Only a hint: the server decides the type by content, and a
 * dropped file (or 'All files' in the picker) still reaches it and gets its answer.
 */
export const FILE_PICKER_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.md,.markdown,.txt';

export type UploadSelectionCheck<F extends SelectedFile> = { ok: true; files: F[] } | { ok: false; message: string };

/** The spec's upload limits, checked in the browser before a byte is sent. */
export function checkUploadSelection<F extends SelectedFile>(
  files: readonly F[],
  t: TFunction<'documents'>,
  language: string,
): UploadSelectionCheck<F> {
  if (files.length === 0) return { ok: false, message: t('upload.chooseOne') };
  if (files.length > MAX_FILES_PER_UPLOAD) {
    return { ok: false, message: t('upload.tooMany', { count: files.length, max: MAX_FILES_PER_UPLOAD }) };
  }
  const tooLarge = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
  if (tooLarge.length > 0) {
    const list = tooLarge.map((file) => `${file.name} (${formatSize(file.size, language)})`).join(', ');
    return { ok: false, message: t('upload.tooLarge', { megabytes: MAX_UPLOAD_MEGABYTES, files: list }) };
  }
  const empty = files.filter((file) => file.size === 0);
  if (empty.length > 0)
    return { ok: false, message: t('upload.empty', { files: empty.map((file) => file.name).join(', ') }) };
  return { ok: true, files: [...files] };
}

/** The spec's upload failure text: the server's error field, else 'HTTP {status}: {statusText}'. */
export function uploadFailureMessage(
  status: number,
  statusText: string,
  body: unknown,
  t: TFunction<'documents'>,
): string {
  const serverError = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof serverError === 'string' && serverError.length > 0) return serverError;
  // XMLHttpRequest reports a request that never got an answer as status 0.
  if (status === 0) return t('upload.networkError');
  return `HTTP ${status}: ${statusText}`;
}
