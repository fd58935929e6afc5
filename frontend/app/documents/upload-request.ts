import type { UploadResponse } from '@docent/common/documents';
import type { TFunction } from 'i18next';
import { CSRF_HEADER_NAME } from '~/auth/auth-client';
import { uploadFailureMessage } from './upload-checks';

/** The web app's upload route (routes/documents.upload.ts). */
export const UPLOAD_ROUTE = '/documents/upload';

/** Set by the upload route when the API refused an expired token and the session has just been renewed. */
export const SESSION_RENEWED_HEADER = 'X-Docent-Session-Renewed';

export type UploadOutcome = { ok: true; response: UploadResponse } | { ok: false; message: string };

interface UploadOptions {
  csrfToken: string;
  /** 0 to 100, as the browser sends the body. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
  /** Words the failures the browser itself sees (no answer, cancelled). */
  t: TFunction<'documents'>;
}

/**
 * Sends one file as its own request. XMLHttpRequest rather than fetch: only it
 * reports upload progress. A refusal because the session had just expired is retried
 * once, with the tokens the route renewed meanwhile.
 */
export async function uploadDocument(file: File, options: UploadOptions): Promise<UploadOutcome> {
  const first = await sendOnce(file, options);
  if (first.status === 401 && first.sessionRenewed) {
    options.onProgress(0);
    return outcomeOf(await sendOnce(file, options), options.t);
  }
  return outcomeOf(first, options.t);
}

interface RawAnswer {
  status: number;
  statusText: string;
  body: unknown;
  sessionRenewed: boolean;
}

function outcomeOf({ status, statusText, body }: RawAnswer, t: TFunction<'documents'>): UploadOutcome {
  const response = body as UploadResponse | undefined;
  const accepted =
    status >= 200 && status < 300 && response?.success === true && response.results.some((result) => result.success);
  return accepted ? { ok: true, response } : { ok: false, message: uploadFailureMessage(status, statusText, body, t) };
}

function sendOnce(file: File, { csrfToken, onProgress, signal, t }: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_ROUTE);
    request.setRequestHeader(CSRF_HEADER_NAME, csrfToken);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    const answer = (status: number, statusText: string) => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({
        status,
        statusText,
        body,
        sessionRenewed: request.getResponseHeader(SESSION_RENEWED_HEADER) === 'true',
      });
    };
    request.addEventListener('load', () => answer(request.status, request.statusText));
    request.addEventListener('error', () => answer(0, ''));
    request.addEventListener('abort', () =>
      resolve({ status: 0, statusText: '', body: { error: t('upload.cancelled') }, sessionRenewed: false }),
    );
    signal?.addEventListener('abort', () => request.abort());

    const form = new FormData();
    form.append('document', file, file.name);
    request.send(form);
  });
}
