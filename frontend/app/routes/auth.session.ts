import type { LoaderFunctionArgs } from '@remix-run/node';
import { forgetTokens } from '../auth/auth-session.server';
import { ApiError, failureResponse, signedInApi } from '../lib/api-client.server';
import { commitWebSession } from '../lib/session.server';
import type { UserView } from '../lib/user';

/**
 * GET -> { success: true, user } for the cookie session's user, user null when there is
 * none (or the server no longer honours it). The page asks when its auth machine has
 * no user but a protected page was served, so page and server agree again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  if (!api.session.get('accessToken')) return Response.json({ success: true, user: null });
  try {
    const { user } = await api.call<{ user: UserView }>('/api/auth/profile');
    const rotated = await api.cookieHeaders();
    const headers = rotated && { 'Set-Cookie': await commitWebSession(context, api.session) };
    return Response.json({ success: true, user }, { headers });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) return failureResponse(error);
    forgetTokens(api.session);
    return Response.json(
      { success: true, user: null },
      { headers: { 'Set-Cookie': await commitWebSession(context, api.session) } },
    );
  }
}
