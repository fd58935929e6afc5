import type { ChatSessionResponse } from '@docent/common/chat';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { failureResponse, signedInApi } from '~/lib/api-client.server';

/** GET -> one chat session with its messages, from GET /api/chat/sessions/{id}. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    const response = await api.call<ChatSessionResponse>(
      `/api/chat/sessions/${encodeURIComponent(params.sessionId ?? '')}`,
    );
    return Response.json(response, { headers: await api.cookieHeaders() });
  } catch (error) {
    return failureResponse(error);
  }
}
