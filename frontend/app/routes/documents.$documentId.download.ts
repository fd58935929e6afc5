import type { LoaderFunctionArgs } from '@remix-run/node';
import { callDocumentsApi, failedCallResponse, unreachableResponse } from '~/documents/documents-api.server';
import { getWebSession } from '~/lib/session.server';

/** What the browser needs to save the original as the API serves it. */
const PASSED_THROUGH_HEADERS = ['Content-Type', 'Content-Length', 'Last-Modified', 'ETag'];

/** Saved, never shown in the page's origin: an uploaded file must not run as a page of this site. */
function attachmentDisposition(upstream: string | null): string {
  return upstream?.toLowerCase().startsWith('attachment') ? upstream : 'attachment';
}

/** GET -> the original file's bytes from GET /api/documents/{id}/download, streamed through. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await getWebSession(request, context);
  try {
    const { upstream, cookieHeaders } = await callDocumentsApi(
      context,
      session,
      `/api/documents/${encodeURIComponent(params.documentId ?? '')}/download`,
      { method: 'GET' },
    );
    if (!upstream.ok) return failedCallResponse(upstream, cookieHeaders);
    const headers = new Headers(cookieHeaders);
    for (const name of PASSED_THROUGH_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set('Content-Disposition', attachmentDisposition(upstream.headers.get('Content-Disposition')));
    // A signed-in person's file: no shared cache may keep it.
    headers.set('Cache-Control', 'private, no-store');
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    return unreachableResponse(error);
  }
}
