import { describe, expect, it } from '@jest/globals';
import type { ToolListResponse } from '@docent/common/tools';
import { ApiError, type RawApiCall, type SignedInApi } from '../lib/api-client.server';
import { loadToolsPage, runToolDemo } from './tools-api.server';

/** A signed-in API whose every call is answered by `answer`; the calls it got are kept. */
function apiAnswering(answer: (path: string) => Response | ApiError) {
  const calls: Array<{ path: string; call: RawApiCall | undefined }> = [];
  const respond = (path: string) => {
    const response = answer(path);
    if (response instanceof ApiError) throw response;
    return response;
  };
  const api = {
    call: async (path: string) => {
      calls.push({ path, call: undefined });
      return respond(path).json();
    },
    raw: async (path: string, call?: RawApiCall) => {
      calls.push({ path, call });
      return { response: respond(path), sessionRenewed: false };
    },
  } as unknown as SignedInApi;
  return { api, calls };
}

const calculation = { intent: 'calculate', payload: { operation: 'multiply', a: 6, b: 7 } } as const;

describe('the MCP Tools page against the API', () => {
  it('loads the tools and the MCP endpoint from GET /api/tools/list', async () => {
    const list: ToolListResponse = { success: true, tools: [], mcpEndpoint: 'http://docent.test/mcp' };
    const { api, calls } = apiAnswering(() => Response.json(list));
    await expect(loadToolsPage(api)).resolves.toEqual({ tools: [], mcpEndpoint: 'http://docent.test/mcp' });
    expect(calls.map(({ path }) => path)).toEqual(['/api/tools/list']);
  });

  it("posts a demo to /demo/{tool} with its payload and hands back the tool's execution", async () => {
    const execution = { success: true, tool: 'calculate', result: 42, metadata: { latency_ms: 2 } };
    const { api, calls } = apiAnswering(() => Response.json(execution));
    await expect(runToolDemo(api, calculation)).resolves.toEqual({ intent: 'calculate', ok: true, execution });
    expect(calls).toEqual([{ path: '/demo/calculate', call: { method: 'POST', body: calculation.payload } }]);
  });

  it("reports a refusal in the server's words, else as 'HTTP {status}: {text}'", async () => {
    const refused = apiAnswering(() => Response.json({ success: false, error: 'Division by zero' }, { status: 422 }));
    await expect(runToolDemo(refused.api, calculation)).resolves.toEqual({
      intent: 'calculate',
      ok: false,
      error: 'Division by zero',
    });
    const bare = apiAnswering(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    await expect(runToolDemo(bare.api, calculation)).resolves.toEqual({
      intent: 'calculate',
      ok: false,
      error: 'HTTP 502: Bad Gateway',
    });
    // A status line without text reads as the status's standard name.
    const unnamed = apiAnswering(() => new Response(null, { status: 403 }));
    await expect(runToolDemo(unnamed.api, calculation)).resolves.toMatchObject({ error: 'HTTP 403: Forbidden' });
  });

  it("reports an API out of reach as 'Tool execution failed'", async () => {
    const { api } = apiAnswering(() => new ApiError(0, 'Network error'));
    await expect(runToolDemo(api, { intent: 'search', payload: { query: 'q' } })).resolves.toEqual({
      intent: 'search',
      ok: false,
      error: 'Tool execution failed',
    });
  });
});
