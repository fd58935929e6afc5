import type { ActionFunctionArgs } from '@remix-run/node';
import { assertPost, forgetTokens } from '../auth/auth-session.server';
import { signedInApi } from '../lib/api-client.server';
import { assertCsrf } from '../lib/csrf.server';
import { commitWebSession } from '../lib/session.server';

/** POST -> closes this session on the server (a failure is ignored, as the spec says) and forgets its tokens. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertPost(request);
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  if (api.session.get('accessToken')) {
    const sessionId = api.session.get('sessionId');
    try {
      await api.call('/api/auth/logout', {
        method: 'POST',
        body: { ...(sessionId && { sessionId }), logoutAll: false },
      });
    } catch {
      // Ignored: the cookie below forgets the tokens either way.
    }
  }
  forgetTokens(api.session);
  return Response.json({ success: true }, { headers: { 'Set-Cookie': await commitWebSession(context, api.session) } });
}
