import type { AppLoadContext } from '@remix-run/node';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientAddressHeaders } from '@docent/common/client-address';
import { commitWebSession, getWebSession, type WebSession } from './session.server';

/**
 * The web app's one client of the HTTP API, for every loader and action: the web app is
 * a client like any other, never a caller of server internals.
 */

/** A failed API call, with the text the spec shows: the server's error, else 'HTTP {status}', else 'Network error'. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The API's Retry-After, passed on to the browser. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }

  /** The headers a page's answer to this failure carries. */
  get headers(): HeadersInit | undefined {
    return this.retryAfter === null ? undefined : { 'Retry-After': this.retryAfter };
  }
}

export type ApiMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCall {
  method?: ApiMethod;
  /** Sent as JSON. */
  body?: unknown;
}

/** A call whose answer is passed through as it comes: a download, an event stream, an upload's answer. */
export interface RawApiCall extends ApiCall {
  /** A body streamed through as it arrives (an upload), never held whole: sent once, never again. */
  stream?: { body: ReadableStream<Uint8Array> | null; contentType: string | null };
  accept?: string;
  /** The browser going away stops the call and its answer too. */
  signal?: AbortSignal;
}

export interface RawApiAnswer {
  /** The API's answer, unread: the caller checks `ok` and passes the body on. */
  response: Response;
  /**
   * The API refused a streamed body's token and the tokens were renewed afterwards:
   * the same request sent again will be accepted.
   */
  sessionRenewed: boolean;
}

interface Outgoing {
  method: ApiMethod;
  headers: Record<string, string>;
  body?: string | ReadableStream<Uint8Array>;
  signal?: AbortSignal;
}

/**
 * The headers every call to the API carries: the browser's address, with the proof that
 * this web server forwards it, so the API limits and checks each browser on its own; and
 * the browser's User-Agent, which names the device of the sessions it signs in.
 */
function forwardingHeaders(context: AppLoadContext): Record<string, string> {
  const forwarded = clientAddressHeaders(context.sessionSecret, context.clientAddress);
  return context.userAgent ? { ...forwarded, 'User-Agent': context.userAgent } : forwarded;
}

/** Only these can be sent twice without doing twice what they ask; a body is never sent again. */
const IDEMPOTENT_METHODS: ReadonlySet<ApiMethod> = new Set(['GET', 'HEAD']);
/** What a proxy or a restarting API answers for a moment: worth one more try. */
const PASSING_FAILURE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const RETRY_DELAY_MS = 100;
/** A loader waits no longer than this for a retry; a longer Retry-After is the browser's to honour. */
const MAX_RETRY_AFTER_MS = 1_000;

/** How long to wait before retrying a failed idempotent call (`null`: it never answered), or null not to. */
function retryDelayMs(failed: Response | null): number | null {
  if (failed === null) return RETRY_DELAY_MS;
  if (!PASSING_FAILURE_STATUSES.has(failed.status)) return null;
  const retryAfter = failed.headers.get('Retry-After');
  if (retryAfter === null) return RETRY_DELAY_MS;
  // delay-seconds or an HTTP date.
  const waitMs = /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : Date.parse(retryAfter) - Date.now();
  if (Number.isNaN(waitMs) || waitMs > MAX_RETRY_AFTER_MS) return null;
  return Math.max(0, waitMs);
}

/** One call over the network, retried once when it is idempotent and failed in passing. Throws ApiError(0) unanswered. */
async function send(context: AppLoadContext, path: string, outgoing: Outgoing): Promise<Response> {
  const attempt = () => {
    const init: RequestInit & { duplex?: 'half' } = {
      method: outgoing.method,
      // Made anew for each attempt: the address proof is short-lived.
      headers: { ...forwardingHeaders(context), ...outgoing.headers },
      body: outgoing.body,
      signal: outgoing.signal,
      // Node's fetch sends a stream only in half-duplex mode; the bytes flow through, never buffered whole.
      ...(outgoing.body instanceof ReadableStream && { duplex: 'half' }),
    };
    return fetch(new URL(path, context.apiBaseUrl), init);
  };
  const unreachable = () => new ApiError(0, 'Network error');

  let first: Response | null;
  try {
    first = await attempt();
  } catch {
    first = null;
  }
  const delayMs = IDEMPOTENT_METHODS.has(outgoing.method) && !outgoing.signal?.aborted ? retryDelayMs(first) : null;
  if (delayMs === null) {
    if (first === null) throw unreachable();
    return first;
  }
  await first?.body?.cancel();
  try {
    await sleep(delayMs, undefined, { signal: outgoing.signal });
    return await attempt();
  } catch {
    throw unreachable();
  }
}

function jsonRequest({ method = 'GET', body }: ApiCall, accept = 'application/json'): Outgoing {
  return {
    method,
    headers: { Accept: accept, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

function rawRequest({ stream, accept = 'application/json, */*', signal, ...call }: RawApiCall): Outgoing {
  if (!stream) return { ...jsonRequest(call, accept), signal };
  return {
    method: call.method ?? 'POST',
    headers: { Accept: accept, ...(stream.contentType && { 'Content-Type': stream.contentType }) },
    body: stream.body ?? undefined,
    signal,
  };
}

function errorFrom(response: Response, payload: unknown): ApiError {
  const serverError = (payload as { error?: unknown } | undefined)?.error;
  const message =
    typeof serverError === 'string' ? serverError : payload === undefined ? 'Network error' : `HTTP ${response.status}`;
  return new ApiError(response.status, message, response.headers.get('Retry-After'));
}

/** The ApiError for an answer that is not OK, read from its body. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return errorFrom(response, await response.json().catch(() => undefined));
}

async function jsonAnswer<T>(response: Response): Promise<T> {
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFrom(response, payload);
  return payload as T;
}

/** A call on nobody's behalf: signing in, whether the demo is offered, the server's status. */
export async function anonymousCall<T>(context: AppLoadContext, path: string, call: ApiCall = {}): Promise<T> {
  return jsonAnswer<T>(await send(context, path, jsonRequest(call)));
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
    exchange = anonymousCall<RotatedTokens>(context, '/api/auth/refresh', { method: 'POST', body: { refreshToken } });
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

/** A token this close to expiry is renewed before a streamed body goes: that body cannot be sent twice. */
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

export interface SignedInApi {
  session: WebSession;
  /** A JSON call as the signed-in user; throws ApiError for anything but an OK answer. */
  call: <T>(path: string, call?: ApiCall) => Promise<T>;
  /** A call as the signed-in user whose answer, OK or not, is handed back unread. Throws ApiError(0) unanswered. */
  raw: (path: string, call?: RawApiCall) => Promise<RawApiAnswer>;
  /** The Set-Cookie header to send when a refresh rotated the tokens, else nothing. */
  cookieHeaders: () => Promise<HeadersInit | undefined>;
}

/**
 * Calls as the user of the request's cookie session, with its bearer token. A token the
 * API refuses is refreshed once and the call sent once more; a second refusal is the
 * answer. A streamed body cannot be sent again: its answer says the session was renewed.
 */
export async function signedInApi(request: Request, context: AppLoadContext): Promise<SignedInApi> {
  const session = await getWebSession(request, context);
  let rotated = false;
  const renew = async () => {
    await refreshSessionTokens(context, session);
    rotated = true;
  };

  const sendAsUser = async (path: string, outgoing: Outgoing): Promise<RawApiAnswer> => {
    const accessToken = session.get('accessToken');
    if (!accessToken) throw new ApiError(401, 'Authentication required');
    const streamed = outgoing.body instanceof ReadableStream;
    if (streamed && session.get('refreshToken') && expiresWithin(accessToken, EXPIRY_MARGIN_SECONDS)) await renew();
    const withToken = () =>
      send(context, path, {
        ...outgoing,
        headers: { ...outgoing.headers, Authorization: `Bearer ${session.get('accessToken')}` },
      });

    const response = await withToken();
    if (response.status !== 401 || !session.get('refreshToken')) return { response, sessionRenewed: false };
    await renew();
    if (streamed) return { response, sessionRenewed: true };
    await response.body?.cancel();
    return { response: await withToken(), sessionRenewed: false };
  };

  return {
    session,
    call: async <T>(path: string, call: ApiCall = {}) =>
      jsonAnswer<T>((await sendAsUser(path, jsonRequest(call))).response),
    raw: (path, call = {}) => sendAsUser(path, rawRequest(call)),
    cookieHeaders: async () => (rotated ? { 'Set-Cookie': await commitWebSession(context, session) } : undefined),
  };
}

/** A failure as the page reads it: { success: false, error } with the API's status (502 when it could not be reached). */
export function failureResponse(error: unknown, headers?: HeadersInit): Response {
  if (!(error instanceof ApiError)) throw error;
  const answerHeaders = new Headers(headers);
  if (error.retryAfter !== null) answerHeaders.set('Retry-After', error.retryAfter);
  return Response.json(
    { success: false, error: error.message },
    { status: error.status === 0 ? 502 : error.status, headers: answerHeaders },
  );
}
