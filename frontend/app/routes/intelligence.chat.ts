import type { ActionFunctionArgs } from '@remix-run/node';
import { readChatRequest } from '~/intelligence/intelligence-requests';
import { apiErrorOf, failureResponse, signedInApi } from '~/lib/api-client.server';
import { assertCsrfHeader } from '~/lib/csrf.server';

/**
 * POST JSON `{ message, sessionId?, documentIds? }` -> POST /api/chat's server-sent
 * events, passed through as they arrive so the answer shows token by token. A refusal
 * before the stream starts comes back as `{ success: false, error }` with its status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    return Response.json({ success: false, error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
  }
  await assertCsrfHeader(request, context);
  const api = await signedInApi(request, context);
  const chat = readChatRequest(await request.json().catch(() => undefined));
  if (!chat.ok) return Response.json({ success: false, error: chat.error }, { status: 400 });

  try {
    // A small JSON body: a refusal of an expired token is simply sent again with the renewed one.
    const { response: upstream } = await api.raw('/api/chat', {
      method: 'POST',
      body: chat.value,
      accept: 'text/event-stream, application/json',
      signal: request.signal,
    });
    if (!upstream.ok || !upstream.body) return failureResponse(await apiErrorOf(upstream), await api.cookieHeaders());
    const headers = new Headers(await api.cookieHeaders());
    headers.set('Content-Type', upstream.headers.get('Content-Type') ?? 'text/event-stream');
    // Nothing between here and the browser may hold tokens back to compress or cache them.
    headers.set('Cache-Control', 'no-cache, no-transform');
    headers.set('X-Accel-Buffering', 'no');
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    return failureResponse(error);
  }
}
