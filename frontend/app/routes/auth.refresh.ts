import type { ActionFunctionArgs } from '@remix-run/node';
import { assertPost, failureResponse, forgetTokens } from '../auth/auth-session.server';
import { ApiError, apiRequest } from '../lib/api.server';
import { assertCsrf } from '../lib/csrf.server';
import { commitWebSession, getWebSession } from '../lib/session.server';

/** POST -> exchanges the stored refresh token for new tokens (it rotates) and keeps them in the cookie: { success: true }. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertPost(request);
  const session = await getWebSession(request, context);
  await assertCsrf(request, session);
  const refreshToken = session.get('refreshToken');
  if (!refreshToken) return Response.json({ success: false, error: 'No refresh token available' }, { status: 401 });
  try {
    const tokens = await apiRequest<{ accessToken: string; refreshToken: string }>(context, '/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken },
    });
    session.set('accessToken', tokens.accessToken);
    session.set('refreshToken', tokens.refreshToken);
    return Response.json({ success: true }, { headers: { 'Set-Cookie': await commitWebSession(context, session) } });
  } catch (error) {
    // A refused refresh token (spent, expired, revoked) will never work again: forget the session's tokens.
    if (error instanceof ApiError && error.status === 401) {
      forgetTokens(session);
      return failureResponse(error, { 'Set-Cookie': await commitWebSession(context, session) });
    }
    return failureResponse(error);
  }
}
