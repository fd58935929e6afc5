import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ToolListResponse } from '@docent/common/tools';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

const BUNDLED_PLUGINS = resolve(import.meta.dirname, '../../plugins');

/** A tool package nobody has heard of: a folder with a package.json and a default export. */
const REVERSE_TOOL = `
export default {
  name: 'reverse',
  category: 'text',
  description: 'Writes the text it is given backwards',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  outputSchema: { type: 'string' },
  readOnly: true,
  destructive: false,
  idempotent: true,
  async execute({ text }) {
    return { result: [...text].reverse().join('') };
  },
};
`;

let pluginsDirectory: string;
let t: TestApp;
let admin: SignedIn;
let client: Client;

beforeAll(async () => {
  // The shipped plugins, plus one folder written here: no line of core code names it.
  pluginsDirectory = await mkdtemp(join(tmpdir(), 'docent-tool-plugins-'));
  for (const folder of await readdir(BUNDLED_PLUGINS, { withFileTypes: true })) {
    if (folder.isDirectory()) await symlink(join(BUNDLED_PLUGINS, folder.name), join(pluginsDirectory, folder.name));
  }
  const reverse = join(pluginsDirectory, 'reverse-tool');
  await mkdir(reverse);
  await writeFile(
    join(reverse, 'package.json'),
    JSON.stringify({ name: 'reverse-tool', type: 'module', main: 'index.js', docent: { kind: 'tool' } }),
  );
  await writeFile(join(reverse, 'index.js'), REVERSE_TOOL);

  // No embedding model: the RAG engine is degraded, so the search tool is not ready.
  t = await startTestApp({ PLUGINS_DIR: pluginsDirectory });
  await t.app.listen(0, '127.0.0.1');
  admin = await signUp(t);
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  client = new Client({ name: 'docent-contract-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${admin.accessToken}` } },
    }),
  );
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await client?.close();
  await t?.close();
  await rm(pluginsDirectory, { recursive: true, force: true });
});

describe('a tool plugin folder added to the plugins directory', () => {
  it('is listed by GET /api/tools/list, ready, and runs', async () => {
    const { tools } = (await callAs(t, admin.accessToken).get('/api/tools/list').expect(200)).body as ToolListResponse;
    expect(tools.find((tool) => tool.name === 'reverse')).toEqual({
      name: 'reverse',
      description: 'Writes the text it is given backwards',
      category: 'text',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      outputSchema: { type: 'string' },
      status: 'ready',
      annotations: { readOnly: true, destructive: false, idempotent: true },
    });

    const response = await callAs(t, admin.accessToken)
      .post('/api/tools/execute')
      .send({ tool: 'reverse', parameters: { text: 'docent' } })
      .expect(200);
    expect(response.body).toMatchObject({ tool: 'reverse', result: 'tnecod' });
  });

  it('is offered and called over MCP', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('reverse');

    const answer = await client.callTool({ name: 'reverse', arguments: { text: 'mcp' } });
    expect(answer.structuredContent).toEqual({ result: 'pcm' });
  });
});

describe('a tool whose component is not ready', () => {
  it('is listed with the reason, not offered over MCP, and refused with 503', async () => {
    const { tools } = (await callAs(t, admin.accessToken).get('/api/tools/list').expect(200)).body as ToolListResponse;
    expect(tools.find((tool) => tool.name === 'search')).toMatchObject({
      status: 'coming-soon',
      unavailableReason: expect.stringMatching(/^rag-engine is degraded: Semantic search is unavailable/),
    });

    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('search');
    expectFailure(
      await callAs(t, admin.accessToken).post('/demo/search').send({ query: 'apple' }),
      503,
      expect.stringMatching(/^search cannot run now: rag-engine is degraded/),
    );
  });
});
