import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiErrorOf, failureResponse, signedInApi } from '~/lib/api-client.server';

/** What the browser needs to save the original as the API serves it. */
const PASSED_THROUGH_HEADERS = ['Content-Type', 'Content-Length', 'Last-Modified', 'ETag'];

/** Saved, never shown in the page's origin: an uploaded file must not run as a page of this site. */
function attachmentDisposition(upstream: string | null): string {
  return upstream?.toLowerCase().startsWith('attachment') ? upstream : 'attachment';
}

/** GET -> the original file's bytes from GET /api/documents/{id}/download, streamed through. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    const { response: upstream } = await api.raw(
      `/api/documents/${encodeURIComponent(params.documentId ?? '')}/download`,
    );
    if (!upstream.ok) return failureResponse(await apiErrorOf(upstream), await api.cookieHeaders());
    const headers = new Headers(await api.cookieHeaders());
    for (const name of PASSED_THROUGH_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set('Content-Disposition', attachmentDisposition(upstream.headers.get('Content-Disposition')));
    // A signed-in person's file: no shared cache may keep it.
    headers.set('Cache-Control', 'private, no-store');
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    return failureResponse(error);
  }
}
