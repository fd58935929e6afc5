import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { DocumentView } from '@docent/common/documents';
import { GROUNDING_INSTRUCTIONS } from '@docent/plugin-sdk';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTinyEmbeddingModel,
  type TinyEmbeddingModel,
} from '../../backend/src/embeddings/testing/tiny-onnx-model.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

const ORCHARD = '# Orchards\n\nApple orchards grow apple trees. The apple harvest follows the apple blossom in May.\n';
const DIARY = 'Apple cider recipe: my private notes on pressing apples.';

let model: TinyEmbeddingModel;
let t: TestApp;
let mcpUrl: URL;
let admin: SignedIn;
let member: SignedIn;
let reader: SignedIn;
let memberApiKey: string;
let orchard: DocumentView;
let diary: DocumentView;
const clients: Client[] = [];

/** The official SDK client over Streamable HTTP, sending the credential as a bearer token. */
async function connectWith(credential: string): Promise<Client> {
  const client = new Client({ name: 'docent-contract-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl, {
    requestInit: { headers: { Authorization: `Bearer ${credential}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

function initializeRequest() {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
}

// The hook's time: beyond starting the server, an embedding model to build and documents to index.
beforeAll(async () => {
  // With an embedding model the RAG engine reports ready, so the search tool is offered.
  model = await createTinyEmbeddingModel();
  t = await startTestApp({ EMBEDDINGS_MODEL_PATH: model.path });
  await t.app.listen(0, '127.0.0.1');
  mcpUrl = new URL(`http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/mcp`);
  admin = await signUp(t);
  member = await signUp(t);
  reader = await signUp(t);
  await callAs(t, admin.accessToken).put(`/api/users/${reader.user.id}/role`).send({ role: 'readonly' }).expect(200);
  orchard = await ingest(t, admin.accessToken, { name: 'orchards.md', content: ORCHARD });
  diary = await ingest(t, admin.accessToken, { name: 'diary.md', content: DIARY }, { accessLevel: 'private' });
  const created = await callAs(t, member.accessToken).post('/api/api-keys').send({ name: 'MCP client' }).expect(201);
  memberApiKey = created.body.apiKey.key;
}, 2 * STARTUP_TIMEOUT_MS);

afterAll(async () => {
  for (const client of clients) await client.close();
  await t?.close();
  await model?.cleanup();
});

describe('the MCP server at /mcp, with an API key', () => {
  it('lists exactly the ready tools, with their hints and input and output schemas', async () => {
    const client = await connectWith(memberApiKey);
    const { tools } = await client.listTools();

    expect(tools.map((tool) => tool.name).sort()).toEqual(['calculate', 'route', 'search']);
    const calculate = tools.find((tool) => tool.name === 'calculate')!;
    expect(calculate).toMatchObject({
      description: expect.any(String),
      inputSchema: { type: 'object', required: ['operation', 'a', 'b'] },
      outputSchema: { type: 'object', properties: { result: { type: 'number' } }, required: ['result'] },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    });
  });

  it('calls calculate, answering a division by zero as a tool error', async () => {
    const client = await connectWith(memberApiKey);

    const sum = await client.callTool({ name: 'calculate', arguments: { operation: 'add', a: 2, b: 3 } });
    expect(sum.isError).toBeFalsy();
    expect(sum.structuredContent).toEqual({ result: 5 });

    const byZero = await client.callTool({ name: 'calculate', arguments: { operation: 'divide', a: 1, b: 0 } });
    expect(byZero).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Division by zero: b must not be 0' }],
    });

    const invalid = await client.callTool({ name: 'calculate', arguments: { operation: 'add', a: 'two', b: 3 } });
    expect(invalid).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Invalid parameters for calculate: a must be number' }],
    });
  });

  it('calls search over only the documents the caller may read, recording the run for the caller', async () => {
    const client = await connectWith(memberApiKey);
    const answer = await client.callTool({ name: 'search', arguments: { query: 'apple' } });
    const { result, results } = answer.structuredContent as { result: unknown; results: { title: string }[] };

    expect(result).toEqual({ query: 'apple', total: 1 });
    expect(results.map((item) => item.title)).toEqual(['orchards.md']);

    const [last] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ data: unknown }[]>(
        `select data from events where type = 'ToolExecuted' order by position desc limit 1`,
      );
    const data = typeof last!.data === 'string' ? JSON.parse(last!.data) : last!.data;
    expect(data).toEqual({
      tool: 'search',
      callerId: member.user.id,
      latencyMs: expect.any(Number),
      outcome: 'success',
    });
  });

  it('does not offer a coming-soon tool', async () => {
    const client = await connectWith(memberApiKey);
    await expect(client.callTool({ name: 'email_send', arguments: {} })).rejects.toThrow(/Unknown tool: email_send/);
  });

  it("offers the caller's readable documents as resources, and reads a document's extracted text", async () => {
    const client = await connectWith(memberApiKey);

    const { resources } = await client.listResources();
    expect(resources).toEqual([
      {
        uri: `docent://documents/${orchard.id}`,
        name: 'orchards.md',
        description: expect.any(String),
        mimeType: 'text/plain',
      },
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toMatchObject([{ uriTemplate: 'docent://documents/{id}', mimeType: 'text/plain' }]);

    const { contents } = await client.readResource({ uri: `docent://documents/${orchard.id}` });
    expect(contents).toEqual([
      {
        uri: `docent://documents/${orchard.id}`,
        mimeType: 'text/plain',
        text: expect.stringContaining('Apple orchards grow'),
      },
    ]);
    await expect(client.readResource({ uri: `docent://documents/${diary.id}` })).rejects.toThrow(/not found/i);
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/Unknown resource/);
  });

  it('gives the grounded-answer prompt, with passages the caller may read as numbered sources', async () => {
    const client = await connectWith(memberApiKey);

    const { prompts } = await client.listPrompts();
    expect(prompts).toMatchObject([{ name: 'grounded-answer', arguments: [{ name: 'question', required: true }] }]);

    const prompt = await client.getPrompt({
      name: 'grounded-answer',
      arguments: { question: 'When does the apple harvest follow?' },
    });
    const texts = prompt.messages.map((message) => (message.content as { text: string }).text);
    expect(prompt.messages.every((message) => message.role === 'user')).toBe(true);
    expect(texts[0]).toContain(GROUNDING_INSTRUCTIONS);
    expect(texts[0]).toContain('<source number="1" title="orchards.md">');
    expect(texts[0]).not.toContain('cider');
    expect(texts.at(-1)).toBe('When does the apple harvest follow?');
  });
});

describe('who may use /mcp', () => {
  it('refuses a request without credentials with 401 and a Bearer challenge', async () => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initializeRequest()),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="Docent MCP"');
  });

  it('refuses a credential it does not know with 401 and invalid_token', async () => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: 'Bearer dcnt_notARealKeyAtAll0000000000000000',
      },
      body: JSON.stringify(initializeRequest()),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="Docent MCP", error="invalid_token"/);
    await expect(connectWith('dcnt_notARealKeyAtAll0000000000000000')).rejects.toThrow();
  });

  it('shows a readonly caller (signed in with an access token) no tool, and refuses a call', async () => {
    const client = await connectWith(reader.accessToken);

    expect((await client.listTools()).tools).toEqual([]);
    await expect(client.callTool({ name: 'calculate', arguments: { operation: 'add', a: 1, b: 2 } })).rejects.toThrow(
      /Unknown tool: calculate/,
    );
    // Reading stays theirs: the shared document is a resource for them too.
    expect((await client.listResources()).resources.map((resource) => resource.name)).toEqual(['orchards.md']);
  });

  it('answers GET and DELETE with 405: the server is stateless', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(mcpUrl, { method, headers: { Authorization: `Bearer ${memberApiKey}` } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('refuses a body that is not JSON-RPC with 400, never a 500', async () => {
    const post = (body: string) =>
      fetch(mcpUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Authorization: `Bearer ${memberApiKey}`,
        },
        body,
      });
    for (const body of ['{"jsonrpc": "2.0",', '{"hello": "world"}', '"text"']) {
      expect({ body, status: (await post(body)).status }).toEqual({ body, status: 400 });
    }
    // An empty batch asks nothing: accepted, with nothing to answer.
    expect((await post('[]')).status).toBe(202);
  });
});
