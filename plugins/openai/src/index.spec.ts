import { ProviderError } from '@docent/plugin-sdk';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  collect,
  providerContext,
  sendJson,
  sendServerSentEvents,
  startFakeProviderServer,
  type FakeHandler,
  type FakeProviderServer,
} from '../../sdk/src/testing/fake-provider-server.js';
import openai from './index.js';

const COMPLETION = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Paris is the capital.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 },
};

const chunk = (choices: unknown[], usage?: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'gpt-4o-mini',
  choices,
  ...(usage === undefined ? {} : { usage }),
});

const STREAMED_COMPLETION = [
  { data: chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]) },
  { data: chunk([{ index: 0, delta: { content: 'Paris ' }, finish_reason: null }]) },
  { data: chunk([{ index: 0, delta: { content: 'is the capital.' }, finish_reason: null }]) },
  { data: chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]) },
  // Sent last because the request asks for it with stream_options.include_usage.
  { data: chunk([], { prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 }) },
  { data: '[DONE]' },
];

// A model that takes every sampling setting: the AI SDK drops them for OpenAI's current reasoning models.
const QUESTION = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system' as const, content: 'Answer briefly.' },
    { role: 'user' as const, content: 'What is the capital of France?' },
  ],
};

describe('openai provider', () => {
  let server: FakeProviderServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(handler: FakeHandler, credentials: { apiKey?: string } = { apiKey: 'sk-test' }) {
    server = await startFakeProviderServer(handler);
    return { server, context: providerContext({ baseURL: `${server.url}/v1`, ...credentials }) };
  }

  it('answers with the text, the usage and the finish reason', async () => {
    const { server, context } = await serve((_, response) => sendJson(response, 200, COMPLETION));

    const answer = await openai.chat(
      { ...QUESTION, temperature: 0.2, maxTokens: 100, topP: 0.9, frequencyPenalty: 0.5, presencePenalty: 0.1 },
      context,
    );

    expect(answer).toEqual({
      text: 'Paris is the capital.',
      usage: { inputTokens: 21, outputTokens: 5 },
      finishReason: 'stop',
    });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages: QUESTION.messages,
      temperature: 0.2,
      max_tokens: 100,
      top_p: 0.9,
      frequency_penalty: 0.5,
      presence_penalty: 0.1,
    });
  });

  it('streams the text and ends with one finish part carrying the usage', async () => {
    const { server, context } = await serve((_, response) => sendServerSentEvents(response, STREAMED_COMPLETION));

    const parts = await collect(openai.chatStream!(QUESTION, context));

    expect(parts).toEqual([
      { type: 'text-delta', text: 'Paris ' },
      { type: 'text-delta', text: 'is the capital.' },
      { type: 'finish', usage: { inputTokens: 21, outputTokens: 5 }, finishReason: 'stop' },
    ]);
    expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('calls an endpoint that has no key without an Authorization header', async () => {
    const { server, context } = await serve((_, response) => sendJson(response, 200, COMPLETION), {});

    await expect(openai.chat({ ...QUESTION, model: 'llama3.1:8b' }, context)).resolves.toMatchObject({
      text: 'Paris is the capital.',
    });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.body).toMatchObject({ model: 'llama3.1:8b' });
  });

  it('lists the models of an endpoint that has no key without an Authorization header', async () => {
    const { server, context } = await serve(
      (_, response) => sendJson(response, 200, { object: 'list', data: [{ id: 'llama3.1:8b', object: 'model' }] }),
      {},
    );

    await expect(openai.listModels!(context)).resolves.toMatchObject([{ id: 'llama3.1:8b' }]);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reports a rejected key as a ProviderError that is not worth retrying', async () => {
    const { context } = await serve((_, response) =>
      sendJson(response, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      }),
    );

    const failure = await openai.chat(QUESTION, context).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ status: 401, retryable: false });
    expect((failure as ProviderError).message).toBe('The API key was rejected (HTTP 401): Incorrect API key provided.');
  });

  it('reports an error body that is not JSON by its status alone', async () => {
    const { context } = await serve((_, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body>Bad gateway</body></html>');
    });

    await expect(openai.chat(QUESTION, context)).rejects.toMatchObject({
      message: 'The provider failed (HTTP 502)',
      status: 502,
      retryable: true,
    });
  });

  it('reports a server error as a retryable ProviderError, also when streaming', async () => {
    const { context } = await serve((_, response) =>
      sendJson(response, 500, { error: { message: 'The server had an error.', type: 'server_error' } }),
    );

    await expect(openai.chat(QUESTION, context)).rejects.toMatchObject({ status: 500, retryable: true });
    await expect(collect(openai.chatStream!(QUESTION, context))).rejects.toMatchObject({
      name: 'ProviderError',
      status: 500,
      retryable: true,
    });
  });

  it('gives up promptly when the caller aborts a call the server never answers', async () => {
    const { context } = await serve(() => {});
    const started = Date.now();

    const failure = await openai
      .chat({ ...QUESTION, signal: AbortSignal.timeout(200) }, context)
      .catch((error: unknown) => error);

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ retryable: true });
    expect((failure as Error).message).toMatch(/did not answer in time/);
  });

  it('stops a stream the caller cancels', async () => {
    const { context } = await serve(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    await expect(
      collect(openai.chatStream!({ ...QUESTION, signal: controller.signal }, context)),
    ).rejects.toMatchObject({
      message: 'The request was cancelled',
      retryable: false,
    });
  });

  it('lists the chat models an endpoint serves, pricing the ones it knows', async () => {
    const { server, context } = await serve((_, response) =>
      sendJson(response, 200, {
        object: 'list',
        data: [
          { id: 'gpt-6.2-sol', object: 'model', created: 1_700_000_000, owned_by: 'system' },
          { id: 'llama3.1:8b', object: 'model', created: 1_700_000_000, owned_by: 'library' },
          { id: 'text-embedding-3-small', object: 'model', created: 1_700_000_000, owned_by: 'system' },
          { id: 'davinci-002', object: 'model', created: 1_700_000_000, owned_by: 'system' },
          { id: 'gpt-3.5-turbo-instruct', object: 'model', created: 1_700_000_000, owned_by: 'system' },
          { id: 'sora-2', object: 'model', created: 1_700_000_000, owned_by: 'system' },
        ],
      }),
    );

    const models = await openai.listModels!(context);

    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(models.map((model) => model.id)).toEqual(['gpt-6.2-sol', 'llama3.1:8b']);
    expect(models[0]).toEqual(openai.models.find((model) => model.id === 'gpt-6.2-sol'));
    expect(models[1]).toEqual({
      id: 'llama3.1:8b',
      name: 'llama3.1:8b',
      contextWindow: 8_192,
      pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
      capabilities: ['chat', 'streaming'],
    });
  });

  it('embeds texts with text-embedding-3-small', async () => {
    const { server, context } = await serve((_, response) =>
      sendJson(response, 200, {
        object: 'list',
        data: [
          { object: 'embedding', index: 0, embedding: [0.1, 0.2] },
          { object: 'embedding', index: 1, embedding: [0.3, 0.4] },
        ],
        model: 'text-embedding-3-small',
        usage: { prompt_tokens: 4, total_tokens: 4 },
      }),
    );

    const embedded = await openai.embed!(['first', 'second'], context);

    expect(embedded).toEqual({
      model: 'text-embedding-3-small',
      vectors: [
        [0.1, 0.2],
        [0.3, 0.4],
      ],
      usage: { inputTokens: 4 },
    });
    expect(server.requests[0]).toMatchObject({
      url: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: ['first', 'second'] },
    });
  });

  describe('health check', () => {
    it('is healthy when the endpoint lists its models', async () => {
      const { context } = await serve((_, response) => sendJson(response, 200, { object: 'list', data: [] }));

      await expect(openai.healthCheck(context)).resolves.toEqual({ healthy: true });
    });

    it('asks the named model for one token', async () => {
      const { server, context } = await serve((_, response) => sendJson(response, 200, COMPLETION));

      await expect(openai.healthCheck(context, 'gpt-4o')).resolves.toEqual({ healthy: true });
      expect(server.requests[0]!.body).toMatchObject({ model: 'gpt-4o', max_tokens: 1 });
    });

    it('says the key was rejected', async () => {
      const { context } = await serve((_, response) =>
        sendJson(response, 401, { error: { message: 'Incorrect API key provided.' } }),
      );

      const health = await openai.healthCheck(context);

      expect(health.healthy).toBe(false);
      expect(health.message).toMatch(/^The API key was rejected/);
    });

    it('says when the endpoint cannot be reached', async () => {
      const closed = await startFakeProviderServer(() => {});
      await closed.close();

      const context = providerContext({ baseURL: `${closed.url}/v1`, apiKey: 'sk-test' });

      const unreachable = { healthy: false, message: `Cannot reach ${closed.url}/v1: connection refused` };
      await expect(openai.healthCheck(context)).resolves.toEqual(unreachable);
      await expect(openai.healthCheck(context, 'gpt-4o')).resolves.toEqual(unreachable);
    });
  });
});
