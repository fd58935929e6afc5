import type { AppLoadContext } from '@remix-run/node';
import { ApiError, forwardingHeaders, refreshSessionTokens } from '~/lib/api.server';
import { commitWebSession, type WebSession } from '~/lib/session.server';

/**
 * Raw calls to the documents API for what signedInApi's JSON calls cannot carry: an
 * upload's request body streamed through, a download's bytes streamed back. Same
 * token handling as signedInApi: the session's bearer token, refreshed on a 401.
 */

/** A token this close to expiry is renewed before a streamed upload: that body cannot be sent twice. */
const EXPIRY_MARGIN_SECONDS = 30;

/** Reads a JWT's exp claim without verifying it: the API verifies; this only decides whether to renew first. */
function expiresWithin(accessToken: string, seconds: number): boolean {
  const payload = accessToken.split('.')[1];
  if (!payload) return false;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && exp - Date.now() / 1000 < seconds;
  } catch {
    return false;
  }
}

interface RawApiCall {
  method: 'GET' | 'POST';
  /** A streamed body (an upload): sent once, never retried. */
  body?: ReadableStream<Uint8Array> | null;
  contentType?: string | null;
}

export interface RawApiResult {
  upstream: Response;
  /** Set-Cookie when the tokens were renewed, to be sent with whatever the route answers. */
  cookieHeaders: HeadersInit | undefined;
  /**
   * The API refused a streamed body's token and the tokens were renewed afterwards:
   * the same request sent again will be accepted.
   */
  sessionRenewed: boolean;
}

/** One call as the signed-in user. Throws ApiError(0) when the API cannot be reached. */
export async function callDocumentsApi(
  context: AppLoadContext,
  session: WebSession,
  path: string,
  call: RawApiCall,
): Promise<RawApiResult> {
  let renewed = false;
  const renew = async () => {
    await refreshSessionTokens(context, session);
    renewed = true;
  };

  const streamed = call.body !== undefined && call.body !== null;
  const initialToken = session.get('accessToken');
  if (!initialToken) throw new ApiError(401, 'Authentication required');
  if (streamed && session.get('refreshToken') && expiresWithin(initialToken, EXPIRY_MARGIN_SECONDS)) await renew();

  const send = async () => {
    const init: RequestInit & { duplex?: 'half' } = {
      method: call.method,
      headers: {
        ...forwardingHeaders(context),
        Accept: 'application/json, */*',
        Authorization: `Bearer ${session.get('accessToken')}`,
        ...(call.contentType && { 'Content-Type': call.contentType }),
      },
      // Node's fetch sends a stream only in half-duplex mode; the bytes flow through, never buffered whole.
      ...(streamed && { body: call.body, duplex: 'half' }),
    };
    try {
      return await fetch(new URL(path, context.apiBaseUrl), init);
    } catch {
      throw new ApiError(0, 'Network error');
    }
  };

  let upstream = await send();
  let sessionRenewed = false;
  if (upstream.status === 401 && session.get('refreshToken')) {
    await renew();
    if (streamed) sessionRenewed = true;
    else {
      await upstream.body?.cancel();
      upstream = await send();
    }
  }
  return {
    upstream,
    cookieHeaders: renewed ? { 'Set-Cookie': await commitWebSession(context, session) } : undefined,
    sessionRenewed,
  };
}

/** The API's `{ success: false, error }` for a failed raw call, with its status (502 when it could not be reached). */
export async function failedCallResponse(upstream: Response, headers?: HeadersInit): Promise<Response> {
  const payload = (await upstream.json().catch(() => undefined)) as { error?: unknown } | undefined;
  const error = typeof payload?.error === 'string' ? payload.error : `HTTP ${upstream.status}`;
  return Response.json({ success: false, error }, { status: upstream.status, headers });
}

export function unreachableResponse(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  return Response.json({ success: false, error: error.message }, { status: error.status === 0 ? 502 : error.status });
}
