import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { RerankEndpoint } from './rerank-endpoint.js';

interface Received {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

let server: Server | undefined;

/** A rerank endpoint answering each request with `answer(body)`, as `status`; records what it received. */
async function endpoint(
  answer: (body: { documents: string[] }) => unknown,
  status = 200,
): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer(async (request: IncomingMessage, response) => {
    let text = '';
    for await (const piece of request) text += String(piece);
    const body = JSON.parse(text) as { documents: string[] };
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer(body)));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`, received };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('a rerank endpoint', () => {
  it('sends the query and passages in the rerank wire format and reads each score back by index', async () => {
    // Answers best first, as rerank endpoints do.
    const { baseUrl, received } = await endpoint(() => ({
      results: [
        { index: 1, relevance_score: 0.9 },
        { index: 0, relevance_score: 0.2 },
      ],
    }));
    const reranker = new RerankEndpoint({ baseUrl, model: 'bge-reranker', apiKey: 'sk-test', timeoutMs: 5_000 });

    expect(await reranker.score('tides', ['waves', 'tide tables'])).toEqual([0.2, 0.9]);
    expect(received).toEqual([
      {
        path: '/v1/rerank',
        authorization: 'Bearer sk-test',
        body: { model: 'bge-reranker', query: 'tides', documents: ['waves', 'tide tables'], top_n: 2 },
      },
    ]);
  });

  it('names the endpoint and status of a refusal, without the key', async () => {
    const { baseUrl } = await endpoint(() => ({ error: 'bad key sk-test' }), 401);
    const reranker = new RerankEndpoint({ baseUrl, model: 'm', apiKey: 'sk-test', timeoutMs: 5_000 });

    const failure = reranker.score('q', ['a']);
    await expect(failure).rejects.toThrow(/\/v1\/rerank answered HTTP 401: .*bad key \[redacted\]/);
  });

  it('refuses an answer that leaves a passage unscored', async () => {
    const { baseUrl } = await endpoint(() => ({ results: [{ index: 0, relevance_score: 1 }] }));
    const reranker = new RerankEndpoint({ baseUrl, model: 'm', timeoutMs: 5_000 });

    await expect(reranker.score('q', ['a', 'b'])).rejects.toThrow(/scored 1 of 2 passages/);
  });
});
