import type { SearchResponse } from '@docent/common/search';
import type { ActionFunctionArgs } from '@remix-run/node';
import { readSearchRequest } from '~/intelligence/intelligence-requests';
import { failureResponse, signedInApi } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';

/**
 * POST JSON `{ query, type, limit, documentIds? }` -> POST /api/search/rag's SearchResponse,
 * or `{ success: false, error }` with the API's status (409 for semantic search without
 * an embedding model). A POST: every search is recorded in the user's history.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    return Response.json({ success: false, error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
  }
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const search = readSearchRequest(await request.json().catch(() => undefined));
  if (!search.ok) return Response.json({ success: false, error: search.error }, { status: 400 });
  try {
    const response = await api.call<SearchResponse>('/api/search/rag', { method: 'POST', body: search.value });
    return Response.json(response, { headers: await api.cookieHeaders() });
  } catch (error) {
    return failureResponse(error);
  }
}
