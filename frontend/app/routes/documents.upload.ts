import type { ActionFunctionArgs } from '@remix-run/node';
import { SESSION_RENEWED_HEADER } from '~/documents/upload-request';
import { failureResponse, signedInApi } from '~/lib/api-client.server';
import { assertCsrfHeader } from '~/lib/csrf.server';

/**
 * POST multipart (field `document`) -> the API's UploadResponse, with its status. The
 * body streams through to POST /api/documents/upload as it arrives: a 50 MB file is
 * never held in memory here.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    return Response.json({ success: false, error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
  }
  // The token must come as a header: looking for it in a multipart body would read the whole upload.
  await assertCsrfHeader(request, context);
  const api = await signedInApi(request, context);

  try {
    const { response: upstream, sessionRenewed } = await api.raw('/api/documents/upload', {
      method: 'POST',
      stream: { body: request.body, contentType: request.headers.get('Content-Type') },
    });
    const headers = new Headers(await api.cookieHeaders());
    headers.set('Content-Type', upstream.headers.get('Content-Type') ?? 'application/json');
    // The file went to the API with an expired token; the page sends it again with the renewed one.
    if (sessionRenewed) headers.set(SESSION_RENEWED_HEADER, 'true');
    return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers });
  } catch (error) {
    return failureResponse(error);
  }
}
