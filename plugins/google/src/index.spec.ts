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
import google from './index.js';

const USAGE = { promptTokenCount: 21, candidatesTokenCount: 5, totalTokenCount: 26 };

const candidate = (text: string, finishReason?: string) => ({
  content: { parts: [{ text }], role: 'model' },
  index: 0,
  ...(finishReason === undefined ? {} : { finishReason }),
});

const GENERATED = {
  candidates: [candidate('Paris is the capital.', 'STOP')],
  usageMetadata: USAGE,
  modelVersion: 'gemini-3.8-flash',
};

const STREAMED = [
  { data: { candidates: [candidate('Paris ')], usageMetadata: { promptTokenCount: 21, totalTokenCount: 21 } } },
  {
    data: {
      candidates: [candidate('is the capital.', 'STOP')],
      usageMetadata: USAGE,
      modelVersion: 'gemini-3.8-flash',
    },
  },
];

const QUESTION = {
  model: 'gemini-3.8-flash',
  messages: [
    { role: 'system' as const, content: 'Answer briefly.' },
    { role: 'user' as const, content: 'What is the capital of France?' },
  ],
};

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

describe('google provider', () => {
  let server: FakeProviderServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(handler: FakeHandler) {
    server = await startFakeProviderServer(handler);
    return { server, context: providerContext({ baseURL: `${server.url}/v1beta`, apiKey: 'google-test-key' }) };
  }

  it('answers with the text, the usage and the finish reason', async () => {
    const { server, context } = await serve((_, response) => sendJson(response, 200, GENERATED));

    const answer = await google.chat(
      { ...QUESTION, temperature: 0.2, maxTokens: 100, topP: 0.9, frequencyPenalty: 0.5, presencePenalty: 0.1 },
      context,
    );

    expect(answer).toEqual({
      text: 'Paris is the capital.',
      usage: { inputTokens: 21, outputTokens: 5 },
      finishReason: 'stop',
    });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1beta/models/gemini-3.8-flash:generateContent' });
    expect(request!.headers['x-goog-api-key']).toBe('google-test-key');
    expect(request!.body).toMatchObject({
      systemInstruction: { parts: [{ text: 'Answer briefly.' }] },
      contents: [{ role: 'user', parts: [{ text: 'What is the capital of France?' }] }],
      generationConfig: {
        temperature: 0.2,
        maxOutputTokens: 100,
        topP: 0.9,
        frequencyPenalty: 0.5,
        presencePenalty: 0.1,
      },
    });
  });

  it('streams the text and ends with one finish part carrying the usage', async () => {
    const { server, context } = await serve((_, response) => sendServerSentEvents(response, STREAMED));

    const parts = await collect(google.chatStream!(QUESTION, context));

    expect(parts).toEqual([
      { type: 'text-delta', text: 'Paris ' },
      { type: 'text-delta', text: 'is the capital.' },
      { type: 'finish', usage: { inputTokens: 21, outputTokens: 5 }, finishReason: 'stop' },
    ]);
    expect(server.requests[0]!.url).toBe('/v1beta/models/gemini-3.8-flash:streamGenerateContent?alt=sse');
  });

  it('reports a rejected key as a ProviderError that is not worth retrying', async () => {
    const { context } = await serve((_, response) =>
      sendJson(response, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')),
    );

    const failure = await google.chat(QUESTION, context).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ status: 401, retryable: false });
    expect((failure as Error).message).toBe(
      'The API key was rejected (HTTP 401): Request had invalid authentication credentials.',
    );
  });

  it('reports a server error as a retryable ProviderError, also when streaming', async () => {
    const { context } = await serve((_, response) =>
      sendJson(response, 500, googleError(500, 'INTERNAL', 'An internal error has occurred.')),
    );

    await expect(google.chat(QUESTION, context)).rejects.toMatchObject({ status: 500, retryable: true });
    await expect(collect(google.chatStream!(QUESTION, context))).rejects.toMatchObject({
      name: 'ProviderError',
      status: 500,
      retryable: true,
    });
  });

  it('gives up promptly when the caller aborts a call the server never answers', async () => {
    const { context } = await serve(() => {});
    const started = Date.now();

    const failure = await google
      .chat({ ...QUESTION, signal: AbortSignal.timeout(200) }, context)
      .catch((error: unknown) => error);

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ retryable: true });
  });

  it('embeds texts with text-embedding-004', async () => {
    const { server, context } = await serve((_, response) =>
      sendJson(response, 200, { embeddings: [{ values: [0.1, 0.2] }, { values: [0.3, 0.4] }] }),
    );

    const embedded = await google.embed!(['first', 'second'], context);

    expect(embedded.model).toBe('text-embedding-004');
    expect(embedded.vectors).toEqual([
      [0.1, 0.2],
      [0.3, 0.4],
    ]);
    expect(server.requests[0]!.url).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(server.requests[0]!.body).toMatchObject({
      requests: [{ content: { parts: [{ text: 'first' }] } }, { content: { parts: [{ text: 'second' }] } }],
    });
  });

  it('checks health by listing models, or with a one-token generation, and explains failures', async () => {
    const { server, context } = await serve((request, response) =>
      request.headers['x-goog-api-key'] !== 'google-test-key'
        ? sendJson(
            response,
            400,
            googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'),
          )
        : request.method === 'GET'
          ? sendJson(response, 200, { models: [{ name: 'models/gemini-4-carbon' }] })
          : sendJson(response, 200, GENERATED),
    );

    await expect(google.healthCheck(context)).resolves.toEqual({ healthy: true });
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v1beta/models' });

    await expect(google.healthCheck(context, 'gemini-4-carbon')).resolves.toEqual({ healthy: true });
    expect(server.requests[1]!.url).toBe('/v1beta/models/gemini-4-carbon:generateContent');
    expect(server.requests[1]!.body).toMatchObject({ generationConfig: { maxOutputTokens: 1 } });

    await expect(
      google.healthCheck(providerContext({ baseURL: `${server.url}/v1beta`, apiKey: 'wrong' })),
    ).resolves.toEqual({
      healthy: false,
      message: 'The provider rejected the request (HTTP 400): API key not valid. Please pass a valid API key.',
    });
  });

  it('lists the models that generate content page by page, pricing the ones the catalog knows', async () => {
    const gemini = (id: string, displayName: string, methods: string[], inputTokenLimit?: number) => ({
      name: `models/${id}`,
      displayName,
      ...(inputTokenLimit === undefined ? {} : { inputTokenLimit }),
      supportedGenerationMethods: methods,
    });
    const pages: Record<string, unknown> = {
      '/v1beta/models?pageSize=1000': {
        models: [
          gemini('gemini-3.8-flash', 'Gemini 3.8 Flash', ['generateContent', 'countTokens'], 1_048_576),
          gemini('gemini-embedding-2', 'Gemini Embedding 2', ['embedContent']),
        ],
        nextPageToken: 'page-2',
      },
      '/v1beta/models?pageSize=1000&pageToken=page-2': {
        models: [
          gemini('gemini-5-neon', 'Gemini 5 Neon', ['generateContent'], 2_097_152),
          gemini('gemini-3-pro-image', 'Nano Banana Pro', ['generateContent']),
          gemini('gemma-4-31b-it', 'Gemma 4 31B', ['generateContent']),
        ],
      },
    };
    const { server, context } = await serve((request, response) => sendJson(response, 200, pages[request.url]));

    const models = await google.listModels!(context);

    expect(server.requests.map((request) => request.url)).toEqual(Object.keys(pages));
    expect(server.requests[1]!.headers['x-goog-api-key']).toBe('google-test-key');
    expect(models).toEqual([
      google.models.find((model) => model.id === 'gemini-3.8-flash'),
      {
        id: 'gemini-5-neon',
        name: 'Gemini 5 Neon',
        contextWindow: 2_097_152,
        pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
        capabilities: ['chat', 'streaming'],
      },
      {
        id: 'gemma-4-31b-it',
        name: 'Gemma 4 31B',
        contextWindow: 32_768,
        pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
        capabilities: ['chat', 'streaming'],
      },
    ]);
  });

  it('reports a rejected key when listing as a ProviderError, and lists nothing without a key', async () => {
    const { server, context } = await serve((_, response) =>
      sendJson(response, 400, googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.')),
    );

    await expect(google.listModels!(context)).rejects.toMatchObject({
      name: 'ProviderError',
      status: 400,
      message: 'The provider rejected the request (HTTP 400): API key not valid. Please pass a valid API key.',
    });
    await expect(google.listModels!(providerContext({ baseURL: `${server.url}/v1beta` }))).rejects.toMatchObject({
      message: 'No API key is configured for Google Gemini',
    });
    expect(server.requests).toHaveLength(1);
  });
});
