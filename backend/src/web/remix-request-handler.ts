import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';

/**
 * Serves Remix from the Express app inside Nest. @remix-run/express expects
 * Express 4, while Nest 12 runs Express 5, so this converts between Express and
 * Fetch requests itself, with Remix's own stream helpers.
 */
export function createRemixRequestHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
  loadContext: (request: ExpressRequest, response: ExpressResponse) => AppLoadContext,
) {
  const handle = createRequestHandler(build, mode);
  return async (request: ExpressRequest, response: ExpressResponse): Promise<void> => {
    const fetchResponse = await handle(toFetchRequest(request, response), loadContext(request, response));
    await sendFetchResponse(response, fetchResponse);
  };
}

function toFetchRequest(request: ExpressRequest, response: ExpressResponse): Request {
  const url = new URL(request.originalUrl, `${request.protocol}://${request.get('host') ?? 'localhost'}`);
  const controller = new AbortController();
  // The client went away before the answer was written: stop rendering for it.
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: createReadableStreamFromReadable(request), duplex: 'half' }),
  } as RequestInit);
}

async function sendFetchResponse(response: ExpressResponse, fetchResponse: Response): Promise<void> {
  response.statusMessage = fetchResponse.statusText;
  response.status(fetchResponse.status);
  // A header the page sets replaces the server's default (the security headers'), never doubles it.
  for (const [name, value] of fetchResponse.headers.entries()) {
    if (name !== 'set-cookie') response.setHeader(name, value);
  }
  for (const cookie of fetchResponse.headers.getSetCookie()) response.append('Set-Cookie', cookie);
  if (fetchResponse.body) await writeReadableStreamToWritable(fetchResponse.body, response);
  else response.end();
}
