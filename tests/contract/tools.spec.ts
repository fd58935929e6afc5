import type { ToolExecutionResponse, ToolListResponse, ToolView } from '@docent/common/tools';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTinyEmbeddingModel,
  type TinyEmbeddingModel,
} from '../../backend/src/embeddings/testing/tiny-onnx-model.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, eventually, expectFailure, signUp, type SignedIn } from './support.js';

const ROLES = ['admin', 'user', 'readonly', 'analyst', 'developer'] as const;
type Role = (typeof ROLES)[number];
const EXECUTING_ROLES = ROLES.filter((role) => role !== 'readonly');

const ORCHARD = '# Orchards\n\nApple orchards grow apple trees. The apple harvest follows the apple blossom.\n';
const DIARY = 'Apple cider recipe: my private notes on pressing apples.';

let model: TinyEmbeddingModel;
let t: TestApp;
const people = {} as Record<Role, SignedIn>;

const as = (role: Role) => callAs(t, people[role].accessToken);

async function toolEvents(): Promise<Record<string, unknown>[]> {
  const rows = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ data: unknown }[]>(`select data from events where type = 'ToolExecuted' order by position`);
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>);
}

// The hook's time: beyond starting the server, an embedding model to build and documents to index.
beforeAll(async () => {
  // With an embedding model the RAG engine reports ready, so the search tool is offered.
  model = await createTinyEmbeddingModel();
  t = await startTestApp({ EMBEDDINGS_MODEL_PATH: model.path });
  for (const role of ROLES) people[role] = await signUp(t);
  for (const role of ROLES.slice(1)) {
    await as('admin').put(`/api/users/${people[role].user.id}/role`).send({ role }).expect(200);
  }
  await ingest(t, people.admin.accessToken, { name: 'orchards.md', content: ORCHARD });
  await ingest(t, people.user.accessToken, { name: 'diary.md', content: DIARY }, { accessLevel: 'private' });
}, 2 * STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await model?.cleanup();
});

describe('GET /api/tools/list', () => {
  it.each(ROLES)('lists every tool for %s, ready or coming soon, with the MCP endpoint', async (role) => {
    const body = (await as(role).get('/api/tools/list').expect(200)).body as ToolListResponse;
    const byName = Object.fromEntries(body.tools.map((tool) => [tool.name, tool])) as Record<string, ToolView>;

    expect(body.success).toBe(true);
    expect(body.mcpEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(byName.calculate).toMatchObject({
      category: 'computation',
      status: 'ready',
      inputSchema: { type: 'object', required: ['operation', 'a', 'b'] },
      outputSchema: { type: 'number' },
      annotations: { readOnly: true, destructive: false, idempotent: true },
    });
    expect(byName.search).toMatchObject({ category: 'search', status: 'ready' });
    expect(byName.route).toMatchObject({ category: 'ai', status: 'ready' });
    for (const name of ['web_scraper', 'email_send', 'calendar_create_event']) {
      expect(byName[name]).toMatchObject({ status: 'coming-soon', unavailableReason: 'Coming soon' });
    }
    for (const tool of body.tools.filter((tool) => tool.status === 'ready')) {
      expect(tool.unavailableReason).toBeUndefined();
    }
  });

  it('refuses a caller who is not signed in', async () => {
    expectFailure(await t.http().get('/api/tools/list'), 401);
  });
});

describe('POST /api/tools/execute', () => {
  it.each(EXECUTING_ROLES)('runs calculate for %s with the result and its latency', async (role) => {
    const response = await as(role)
      .post('/api/tools/execute')
      .send({ tool: 'calculate', parameters: { operation: 'multiply', a: 6, b: 7 } })
      .expect(200);
    const body = response.body as ToolExecutionResponse;

    expect(body).toEqual({
      success: true,
      tool: 'calculate',
      result: 42,
      metadata: { expression: '6 × 7 = 42', latency_ms: expect.any(Number) },
    });
    expect(body.metadata.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('refuses a readonly caller with 403 and records nothing', async () => {
    const before = (await toolEvents()).length;
    const response = await as('readonly')
      .post('/api/tools/execute')
      .send({ tool: 'calculate', parameters: { operation: 'add', a: 1, b: 2 } });

    expectFailure(response, 403, expect.stringContaining('tools:execute'));
    expect((await toolEvents()).length).toBe(before);
  });

  it('answers 404 for an unknown tool, 503 for one coming soon, 400 for parameters its schema refuses', async () => {
    expectFailure(
      await as('user').post('/api/tools/execute').send({ tool: 'teleport', parameters: {} }),
      404,
      'Unknown tool: teleport',
    );
    expectFailure(
      await as('user')
        .post('/api/tools/execute')
        .send({ tool: 'email_send', parameters: { to: 'a@b.c' } }),
      503,
      'email_send cannot run now: Coming soon',
    );
    expectFailure(
      await as('user')
        .post('/api/tools/execute')
        .send({ tool: 'calculate', parameters: { operation: 'power', a: 1, b: 2 } }),
      400,
      'Invalid parameters for calculate: operation must be one of add, subtract, multiply, divide',
    );
    expectFailure(
      await as('user')
        .post('/api/tools/execute')
        .send({ tool: 'calculate', parameters: { operation: 'add', a: 1 } }),
      400,
      "Invalid parameters for calculate: parameters must have required property 'b'",
    );
    expectFailure(
      await as('user')
        .post('/api/tools/execute')
        .send({ tool: 'calculate', parameters: { operation: 'add', a: 1, b: 2, c: 3 } }),
      400,
      'Invalid parameters for calculate: parameters has an unknown field c',
    );
  });

  it('runs route with run: true, answering with the reply of the model the router picked', async () => {
    const body = (
      await as('developer')
        .post('/api/tools/execute')
        .send({ tool: 'route', parameters: { query: 'What grows in an orchard?', run: true } })
        .expect(200)
    ).body as ToolExecutionResponse;

    expect(body.result).toMatchObject({
      model: 'local:extractive',
      answer: expect.any(String),
      answeredBy: 'local:extractive',
    });
  });
});

describe('the /demo calls', () => {
  it('calculate answers the result with its latency', async () => {
    const body = (await as('analyst').post('/demo/calculate').send({ operation: 'divide', a: 7, b: 2 }).expect(200))
      .body as ToolExecutionResponse;
    expect(body).toMatchObject({
      success: true,
      tool: 'calculate',
      result: 3.5,
      metadata: { latency_ms: expect.any(Number) },
    });
  });

  it('calculate refuses a division by zero as the caller’s mistake (422), and records the failed run', async () => {
    const response = await as('user').post('/demo/calculate').send({ operation: 'divide', a: 1, b: 0 });

    expectFailure(response, 422, 'Division by zero: b must not be 0');
    expect((await toolEvents()).at(-1)).toEqual({
      tool: 'calculate',
      callerId: people.user.user.id,
      latencyMs: expect.any(Number),
      outcome: 'error',
      error: 'Division by zero: b must not be 0',
    });
  });

  it('search lists passages titled with their documents, only of documents the caller may read', async () => {
    const owner = (await as('user').post('/demo/search').send({ query: 'apple' }).expect(200))
      .body as ToolExecutionResponse;
    const analyst = (await as('analyst').post('/demo/search').send({ query: 'apple' }).expect(200))
      .body as ToolExecutionResponse;

    expect(owner.results!.map((item) => item.title).sort()).toEqual(['diary.md', 'orchards.md']);
    expect(owner.result).toEqual({ query: 'apple', total: 2 });
    expect(analyst.results!.map((item) => item.title)).toEqual(['orchards.md']);
    expect(analyst.results![0]).toMatchObject({
      text: expect.stringContaining('Apple orchards'),
      score: expect.any(Number),
    });
    expect(analyst.metadata.latency_ms).toEqual(expect.any(Number));
  });

  it('route names the model the router would pick, and why, with the candidates as results', async () => {
    const body = (await as('admin').post('/demo/route').send({ query: 'Summarise my documents' }).expect(200))
      .body as ToolExecutionResponse;

    expect(body.result).toEqual({
      query: 'Summarise my documents',
      model: 'local:extractive',
      modelName: expect.any(String),
      reason: expect.stringMatching(/ is the /),
    });
    expect(body.results![0]).toMatchObject({ model: 'local:extractive', title: expect.any(String) });
  });

  it.each(['/demo/calculate', '/demo/search', '/demo/route'])('%s refuses a readonly caller with 403', async (path) => {
    const payload = path === '/demo/calculate' ? { operation: 'add', a: 1, b: 2 } : { query: 'apple' };
    expectFailure(await as('readonly').post(path).send(payload), 403, expect.stringContaining('tools:execute'));
    expectFailure(await t.http().post(path).send(payload), 401);
  });
});

describe('the record of each run', () => {
  it('is a ToolExecuted fact with no input or result, shown in the activity feed as a tool item', async () => {
    await as('developer').post('/demo/calculate').send({ operation: 'add', a: 2, b: 3 }).expect(200);

    expect((await toolEvents()).at(-1)).toEqual({
      tool: 'calculate',
      callerId: people.developer.user.id,
      latencyMs: expect.any(Number),
      outcome: 'success',
    });
    const feed = () =>
      t.app
        .get(MikroORM)
        .em.fork()
        .execute<{ title: string; description: string; status: string }[]>(
          `select title, description, status from activity where type = 'tool' order by id`,
        );
    await eventually(
      async () => {
        const items = await feed();
        expect(items).toContainEqual({
          title: 'Tool executed',
          description: expect.stringMatching(/^calculate in [\d.]+ ms$/),
          status: 'success',
        });
        expect(items).toContainEqual({
          title: 'Tool failed',
          description: 'calculate: Division by zero: b must not be 0',
          status: 'error',
        });
      },
      { timeout: 5_000 },
    );
  });

  it('reports the mcp-server, rag-engine and model-router components ready on /status', async () => {
    const { body } = await t.http().get('/status').expect(200);
    expect(body.components).toMatchObject({
      'mcp-server': { status: 'ready' },
      'rag-engine': { status: 'ready' },
      'model-router': { status: 'ready' },
    });
  });
});
