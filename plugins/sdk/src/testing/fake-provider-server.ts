import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderSettings } from '../model-provider-plugin.js';
import type { PluginContext } from '../plugin-context.js';

/** A request the fake server received, with its JSON body parsed. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. "/v1/chat/completions". */
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeProviderServer {
  /** The server's root URL, with no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * An HTTP server on a free local port that records every request and answers with
 * `handler`, standing in for a model provider's API in tests. A handler that never
 * answers simulates a provider that hangs.
 */
export async function startFakeProviderServer(handler: FakeHandler): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: text === '' ? undefined : JSON.parse(text),
      };
      requests.push(request);
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would otherwise keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** One server-sent event: a JSON payload, a raw string such as "[DONE]", and an optional event name. */
export interface ServerSentEvent {
  event?: string;
  data: unknown;
}

export function sendServerSentEvents(response: ServerResponse, events: readonly ServerSentEvent[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data } of events) {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`);
  }
  response.end();
}

/** A plugin context with the given provider settings and capabilities that must not be used. */
export function providerContext(config: ProviderSettings): PluginContext<ProviderSettings> {
  const unused = () => {
    throw new Error('A model provider must not call back into the host');
  };
  const silent = () => {};
  return {
    logger: { debug: silent, info: silent, warn: silent, error: silent },
    config,
    search: { search: unused },
    router: { route: unused, explain: unused },
  };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
