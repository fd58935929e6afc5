import type { ActionFunctionArgs } from '@remix-run/node';
import { assertPost, forgetTokens } from '../auth/auth-session.server';
import { ApiError, failureResponse, refreshSessionTokens } from '../lib/api-client.server';
import { assertCsrf } from '../lib/csrf.server';
import { commitWebSession, getWebSession } from '../lib/session.server';

/** POST -> exchanges the stored refresh token for new tokens (it rotates) and keeps them in the cookie: { success: true }. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertPost(request);
  const session = await getWebSession(request, context);
  await assertCsrf(request, context);
  if (!session.get('refreshToken'))
    return Response.json({ success: false, error: 'No refresh token available' }, { status: 401 });
  try {
    await refreshSessionTokens(context, session);
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
