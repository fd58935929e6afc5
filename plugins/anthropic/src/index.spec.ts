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
import anthropic from './index.js';

const MESSAGE = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-3-5-haiku-20241022',
  content: [{ type: 'text', text: 'Paris is the capital.' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 21, output_tokens: 5 },
};

const STREAMED_MESSAGE = [
  {
    event: 'message_start',
    data: {
      type: 'message_start',
      message: { ...MESSAGE, content: [], stop_reason: null, usage: { input_tokens: 21, output_tokens: 1 } },
    },
  },
  {
    event: 'content_block_start',
    data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  },
  { event: 'ping', data: { type: 'ping' } },
  {
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Paris ' } },
  },
  {
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'is the capital.' } },
  },
  { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
  {
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 5 },
    },
  },
  { event: 'message_stop', data: { type: 'message_stop' } },
];

// A model that takes temperature and top_p: the AI SDK drops them for current Claude models, which refuse them.
const QUESTION = {
  model: 'claude-3-5-haiku-latest',
  messages: [
    { role: 'system' as const, content: 'Answer briefly.' },
    { role: 'user' as const, content: 'What is the capital of France?' },
  ],
};

const anthropicError = (type: string, message: string) => ({ type: 'error', error: { type, message } });

describe('anthropic provider', () => {
  let server: FakeProviderServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(handler: FakeHandler) {
    server = await startFakeProviderServer(handler);
    return { server, context: providerContext({ baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test' }) };
  }

  it('answers with the text, the usage and the finish reason', async () => {
    const { server, context } = await serve((_, response) => sendJson(response, 200, MESSAGE));

    const answer = await anthropic.chat(
      { ...QUESTION, temperature: 0.2, maxTokens: 100, topP: 0.9, frequencyPenalty: 0.5, presencePenalty: 0.1 },
      context,
    );

    expect(answer).toEqual({
      text: 'Paris is the capital.',
      usage: { inputTokens: 21, outputTokens: 5 },
      finishReason: 'stop',
    });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/messages' });
    expect(request!.headers['x-api-key']).toBe('sk-ant-test');
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(request!.body).toMatchObject({
      model: 'claude-3-5-haiku-latest',
      system: [{ type: 'text', text: 'Answer briefly.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the capital of France?' }] }],
      temperature: 0.2,
      max_tokens: 100,
    });
    // The Messages API has no penalties, and top_p goes only without a temperature.
    expect(request!.body).not.toHaveProperty('frequency_penalty');
    expect(request!.body).not.toHaveProperty('presence_penalty');
    expect(request!.body).not.toHaveProperty('top_p');
  });

  it('sends top_p when no temperature is given', async () => {
    const { server, context } = await serve((_, response) => sendJson(response, 200, MESSAGE));

    await anthropic.chat({ ...QUESTION, topP: 0.9 }, context);

    expect(server.requests[0]!.body).toMatchObject({ top_p: 0.9, max_tokens: 4_096 });
    expect(server.requests[0]!.body).not.toHaveProperty('temperature');
  });

  it('streams the text and ends with one finish part carrying the usage', async () => {
    const { server, context } = await serve((_, response) => sendServerSentEvents(response, STREAMED_MESSAGE));

    const parts = await collect(anthropic.chatStream!(QUESTION, context));

    expect(parts).toEqual([
      { type: 'text-delta', text: 'Paris ' },
      { type: 'text-delta', text: 'is the capital.' },
      { type: 'finish', usage: { inputTokens: 21, outputTokens: 5 }, finishReason: 'stop' },
    ]);
    expect(server.requests[0]!.body).toMatchObject({ stream: true });
  });

  it('reports a rejected key as a ProviderError that is not worth retrying', async () => {
    const { context } = await serve((_, response) =>
      sendJson(response, 401, anthropicError('authentication_error', 'invalid x-api-key')),
    );

    const failure = await anthropic.chat(QUESTION, context).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ status: 401, retryable: false });
    expect((failure as Error).message).toBe('The API key was rejected (HTTP 401): invalid x-api-key');
  });

  it('reports a server error as a retryable ProviderError, also when streaming', async () => {
    const { context } = await serve((_, response) =>
      sendJson(response, 500, anthropicError('api_error', 'Internal error')),
    );

    await expect(anthropic.chat(QUESTION, context)).rejects.toMatchObject({ status: 500, retryable: true });
    await expect(collect(anthropic.chatStream!(QUESTION, context))).rejects.toMatchObject({
      name: 'ProviderError',
      status: 500,
      retryable: true,
    });
  });

  it('gives up promptly when the caller aborts a call the server never answers', async () => {
    const { context } = await serve(() => {});
    const started = Date.now();

    const failure = await anthropic
      .chat({ ...QUESTION, signal: AbortSignal.timeout(200) }, context)
      .catch((error: unknown) => error);

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ retryable: true });
  });

  it('fails without calling out when no key is configured', async () => {
    const { server } = await serve((_, response) => sendJson(response, 200, MESSAGE));

    await expect(anthropic.chat(QUESTION, providerContext({ baseURL: `${server.url}/v1` }))).rejects.toMatchObject({
      name: 'ProviderError',
      message: 'No API key is configured for Anthropic',
      retryable: false,
    });
    await expect(anthropic.healthCheck(providerContext({ baseURL: `${server.url}/v1` }))).resolves.toEqual({
      healthy: false,
      message: 'No API key is configured for Anthropic',
    });
    expect(server.requests).toEqual([]);
  });

  it('checks health by listing models, or with a one-token message to the named model', async () => {
    const { server, context } = await serve((request, response) =>
      request.headers['x-api-key'] !== 'sk-ant-test'
        ? sendJson(response, 401, anthropicError('authentication_error', 'invalid x-api-key'))
        : request.method === 'GET'
          ? sendJson(response, 200, { data: [{ type: 'model', id: 'claude-haiku-5-5' }], has_more: false })
          : sendJson(response, 200, MESSAGE),
    );

    await expect(anthropic.healthCheck(context)).resolves.toEqual({ healthy: true });
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(server.requests[0]!.headers['anthropic-version']).toBe('2023-06-01');

    await expect(anthropic.healthCheck(context, 'claude-opus-5-5')).resolves.toEqual({ healthy: true });
    expect(server.requests[1]!.body).toMatchObject({ model: 'claude-opus-5-5', max_tokens: 1 });

    const rejected = await anthropic.healthCheck(providerContext({ baseURL: `${server.url}/v1`, apiKey: 'wrong' }));
    expect(rejected).toEqual({ healthy: false, message: 'The API key was rejected (HTTP 401): invalid x-api-key' });
  });

  it('lists the models the endpoint serves page by page, pricing the ones the catalog knows', async () => {
    const pages: Record<string, unknown> = {
      '/v1/models?limit=1000': {
        data: [
          { type: 'model', id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5', max_input_tokens: 1_000_000 },
        ],
        has_more: true,
        first_id: 'claude-sonnet-5-5',
        last_id: 'claude-sonnet-5-5',
      },
      '/v1/models?limit=1000&after_id=claude-sonnet-5-5': {
        data: [
          { type: 'model', id: 'claude-next-7', display_name: 'Claude Next 7', max_input_tokens: 2_000_000 },
          { type: 'model', id: 'claude-older-3', display_name: 'Claude Older 3' },
        ],
        has_more: false,
        first_id: 'claude-next-7',
        last_id: 'claude-older-3',
      },
    };
    const { server, context } = await serve((request, response) => sendJson(response, 200, pages[request.url]));

    const models = await anthropic.listModels!(context);

    expect(server.requests.map((request) => request.url)).toEqual(Object.keys(pages));
    expect(server.requests[1]!.headers['x-api-key']).toBe('sk-ant-test');
    expect(server.requests[1]!.headers['anthropic-version']).toBe('2023-06-01');
    expect(models).toEqual([
      anthropic.models.find((model) => model.id === 'claude-sonnet-5-5'),
      {
        id: 'claude-next-7',
        name: 'Claude Next 7',
        contextWindow: 2_000_000,
        pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
        capabilities: ['chat', 'streaming'],
      },
      {
        id: 'claude-older-3',
        name: 'Claude Older 3',
        contextWindow: 200_000,
        pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
        capabilities: ['chat', 'streaming'],
      },
    ]);
  });

  it('reports a rejected key when listing as a ProviderError, and lists nothing without a key', async () => {
    const { server, context } = await serve((_, response) =>
      sendJson(response, 401, anthropicError('authentication_error', 'invalid x-api-key')),
    );

    await expect(anthropic.listModels!(context)).rejects.toMatchObject({
      name: 'ProviderError',
      status: 401,
      message: 'The API key was rejected (HTTP 401): invalid x-api-key',
    });
    await expect(anthropic.listModels!(providerContext({ baseURL: `${server.url}/v1` }))).rejects.toMatchObject({
      message: 'No API key is configured for Anthropic',
    });
    expect(server.requests).toHaveLength(1);
  });
});
