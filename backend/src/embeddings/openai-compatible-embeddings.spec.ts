import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { OpenAICompatibleEmbeddings } from './openai-compatible-embeddings.js';

const API_KEY = 'sk-test-secret-4f9a2c';

interface EmbeddingsRequest {
  headers: IncomingHttpHeaders;
  body: { model: string; input: string[] };
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A real HTTP server speaking OpenAI's embeddings wire format, answering each request with `reply`. */
async function startEmbeddingsServer(reply: (request: EmbeddingsRequest) => Reply) {
  const requests: EmbeddingsRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.method !== 'POST' || incoming.url !== '/v1/embeddings') {
        outgoing.writeHead(404).end();
        return;
      }
      const request = { headers: incoming.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
      requests.push(request);
      const { status, headers, body } = reply(request);
      outgoing.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A deterministic vector per text, so that the test can tell which input a vector belongs to. */
function vectorFor(text: string, dimensions = 3): number[] {
  return Array.from({ length: dimensions }, (_, i) => text.length + i + 1);
}

function embeddingsReply(request: EmbeddingsRequest, dimensions = 3): Reply {
  return {
    status: 200,
    body: {
      object: 'list',
      data: request.body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: vectorFor(text, dimensions),
      })),
      model: request.body.model,
      usage: { prompt_tokens: request.body.input.length, total_tokens: request.body.input.length },
    },
  };
}

function unitLength(vector: number[]): number {
  return Math.hypot(...vector);
}

describe('OpenAICompatibleEmbeddings', () => {
  it('embeds in batches and returns one vector per text in input order', async () => {
    const server = await startEmbeddingsServer((request) => embeddingsReply(request));
    const provider = new OpenAICompatibleEmbeddings({
      baseUrl: server.baseUrl,
      model: 'test-embed',
      dimensions: 3,
      batchSize: 4,
    });
    const texts = Array.from({ length: 10 }, (_, i) => 'x'.repeat(i + 1));

    const vectors = await provider.embed(texts);

    expect(server.requests).toHaveLength(Math.ceil(texts.length / 4));
    expect(server.requests.map((request) => request.body.input)).toEqual([
      texts.slice(0, 4),
      texts.slice(4, 8),
      texts.slice(8),
    ]);
    expect(server.requests.every((request) => request.body.model === 'test-embed')).toBe(true);
    expect(vectors).toHaveLength(texts.length);
    vectors.forEach((vector, i) => {
      const expected = vectorFor(texts[i]!);
      const norm = unitLength(expected);
      expect(vector).toEqual(expected.map((value) => expect.closeTo(value / norm, 10)));
    });
  });

  it('returns L2-normalised vectors', async () => {
    const server = await startEmbeddingsServer(() => ({
      status: 200,
      body: {
        object: 'list',
        data: [{ object: 'embedding', index: 0, embedding: [3, 4] }],
        model: 'm',
        usage: { prompt_tokens: 1, total_tokens: 1 },
      },
    }));
    const provider = new OpenAICompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'm', dimensions: 2 });

    const [vector] = await provider.embed(['hello']);

    expect(vector).toEqual([expect.closeTo(0.6, 10), expect.closeTo(0.8, 10)]);
    expect(unitLength(vector!)).toBeCloseTo(1, 10);
  });

  it('makes no request for no texts', async () => {
    const server = await startEmbeddingsServer((request) => embeddingsReply(request));
    const provider = new OpenAICompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'm', dimensions: 3 });

    expect(await provider.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('sends the API key as a bearer token when one is given, and no Authorization header otherwise', async () => {
    const server = await startEmbeddingsServer((request) => embeddingsReply(request));

    await new OpenAICompatibleEmbeddings({ baseUrl: server.baseUrl, apiKey: API_KEY, model: 'm', dimensions: 3 }).embed(
      ['a'],
    );
    await new OpenAICompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'm', dimensions: 3 }).embed(['a']);

    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
  });

  it('turns a server error into an error naming the endpoint and status, after retrying', async () => {
    const server = await startEmbeddingsServer(() => ({
      status: 500,
      // Keeps the AI SDK's retries fast.
      headers: { 'retry-after-ms': '1' },
      body: { error: { message: `upstream crashed while serving key ${API_KEY}`, type: 'server_error' } },
    }));
    const provider = new OpenAICompatibleEmbeddings({
      baseUrl: server.baseUrl,
      apiKey: API_KEY,
      model: 'm',
      dimensions: 3,
    });

    const error = (await provider.embed(['a']).catch((caught: unknown) => caught)) as Error;

    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(`Embedding endpoint ${server.baseUrl}/embeddings answered HTTP 500`);
    expect(error.message).toContain('upstream crashed');
    expect(error.message).not.toContain(API_KEY);
    expect(server.requests.length).toBeGreaterThan(1);
  });

  it('turns a rejected API key into an error naming the endpoint and 401, without the key', async () => {
    const server = await startEmbeddingsServer(() => ({
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${API_KEY}`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    }));
    const provider = new OpenAICompatibleEmbeddings({
      baseUrl: server.baseUrl,
      apiKey: API_KEY,
      model: 'm',
      dimensions: 3,
    });

    const error = (await provider.embed(['a']).catch((caught: unknown) => caught)) as Error;

    expect(error.message).toContain(`Embedding endpoint ${server.baseUrl}/embeddings answered HTTP 401`);
    expect(error.message).not.toContain(API_KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('names the endpoint when it cannot be reached', async () => {
    const server = await startEmbeddingsServer((request) => embeddingsReply(request));
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const provider = new OpenAICompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'm', dimensions: 3 });

    await expect(provider.embed(['a'])).rejects.toThrow(`Embedding endpoint ${server.baseUrl}/embeddings failed`);
  });

  it('rejects a vector whose length is not the configured dimensions', async () => {
    const server = await startEmbeddingsServer((request) => embeddingsReply(request, 5));
    const provider = new OpenAICompatibleEmbeddings({ baseUrl: server.baseUrl, model: 'small-embed', dimensions: 3 });

    await expect(provider.embed(['a', 'b'])).rejects.toThrow(
      `Embedding endpoint ${server.baseUrl}/embeddings returned a vector of 5 dimensions for input 0, but model small-embed is configured with 3`,
    );
  });
});
