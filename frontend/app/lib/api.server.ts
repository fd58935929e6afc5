import type { AppLoadContext } from '@remix-run/node';
import { clientAddressHeaders } from '@docent/common/client-address';
import { commitWebSession, getWebSession, type WebSession } from './session.server';

/** A failed API call, with the text the spec shows: the server's error, else 'HTTP {status}', else 'Network error'. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The API's Retry-After on a 429, passed on to the browser. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }

  /** The headers a page's answer to this failure carries. */
  get headers(): HeadersInit | undefined {
    return this.retryAfter === null ? undefined : { 'Retry-After': this.retryAfter };
  }
}

interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  accessToken?: string;
}

/**
 * The headers every call to the API carries: the browser's address, with the proof that
 * this web server forwards it, so the API limits and checks each browser on its own.
 */
export function forwardingHeaders(context: AppLoadContext): Record<string, string> {
  return clientAddressHeaders(context.sessionSecret, context.clientAddress);
}

/** One call to the HTTP API: the web app is its client like any other, never a caller of server internals. */
export async function apiRequest<T>(context: AppLoadContext, path: string, init: ApiRequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, context.apiBaseUrl), {
      method: init.method ?? 'GET',
      headers: {
        ...forwardingHeaders(context),
        Accept: 'application/json',
        ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
        ...(init.accessToken && { Authorization: `Bearer ${init.accessToken}` }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverError = (payload as { error?: unknown } | undefined)?.error;
    throw new ApiError(
      response.status,
      typeof serverError === 'string'
        ? serverError
        : payload === undefined
          ? 'Network error'
          : `HTTP ${response.status}`,
      response.headers.get('Retry-After'),
    );
  }
  return payload as T;
}

export interface SignedInApi {
  session: WebSession;
  /** Calls the API as the signed-in user; an expired access token is refreshed once, transparently. */
  call: <T>(path: string, init?: Omit<ApiRequestInit, 'accessToken'>) => Promise<T>;
  /** The Set-Cookie header to send when a refresh rotated the tokens, else nothing. */
  cookieHeaders: () => Promise<HeadersInit | undefined>;
}

interface RotatedTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Refreshes in flight or just done, by the refresh token presented. A page's loaders
 * run side by side and each may find the access token expired; the server answers a
 * second use of a refresh token with the same successor only for a few seconds, then
 * treats it as theft, ending the session. So every caller presenting the same refresh
 * token within this window shares one exchange.
 */
const recentRefreshes = new Map<string, Promise<RotatedTokens>>();
const SHARED_REFRESH_WINDOW_MS = 30_000;

/** Exchanges the session's refresh token for new tokens (at most once per token) and keeps them in the session. */
export async function refreshSessionTokens(context: AppLoadContext, session: WebSession): Promise<void> {
  const refreshToken = session.get('refreshToken');
  if (!refreshToken) throw new ApiError(401, 'No refresh token available');
  let exchange = recentRefreshes.get(refreshToken);
  if (!exchange) {
    exchange = apiRequest<RotatedTokens>(context, '/api/auth/refresh', { method: 'POST', body: { refreshToken } });
    recentRefreshes.set(refreshToken, exchange);
    const forget = () => recentRefreshes.delete(refreshToken);
    // A failed exchange is not shared beyond the callers already waiting: the next may succeed.
    exchange.catch(forget);
    setTimeout(forget, SHARED_REFRESH_WINDOW_MS).unref();
  }
  const tokens = await exchange;
  session.set('accessToken', tokens.accessToken);
  session.set('refreshToken', tokens.refreshToken);
}

export async function signedInApi(request: Request, context: AppLoadContext): Promise<SignedInApi> {
  const session = await getWebSession(request, context);
  let rotated = false;

  const refresh = async () => {
    await refreshSessionTokens(context, session);
    rotated = true;
  };

  const call = async <T>(path: string, init: Omit<ApiRequestInit, 'accessToken'> = {}): Promise<T> => {
    const accessToken = session.get('accessToken');
    if (!accessToken) throw new ApiError(401, 'Authentication required');
    try {
      return await apiRequest<T>(context, path, { ...init, accessToken });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !session.get('refreshToken')) throw error;
      await refresh();
      return apiRequest<T>(context, path, { ...init, accessToken: session.get('accessToken') });
    }
  };

  return {
    session,
    call,
    cookieHeaders: async () => (rotated ? { 'Set-Cookie': await commitWebSession(context, session) } : undefined),
  };
}
