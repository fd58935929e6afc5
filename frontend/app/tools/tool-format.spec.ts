import { describe, expect, it } from '@jest/globals';
import type { ToolView } from '@docent/common/tools';
import { englishT } from '../i18n/english.spec-support';
import {
  formatLatency as latencyIn,
  formatToolResult as resultIn,
  mcpClientConfig,
  searchSummary as summaryIn,
  toolCounts,
  unavailableNote,
} from './tool-format';

const t = englishT('tools');
const formatToolResult = (result: unknown) => resultIn(result, 'en');
const formatLatency = (ms: number) => latencyIn(ms, 'en');
const searchSummary = (execution: Parameters<typeof summaryIn>[0]) => summaryIn(execution, t);

const tool = (name: string, status: ToolView['status']): ToolView => ({
  name,
  description: name,
  category: 'computation',
  inputSchema: { type: 'object' },
  status,
  annotations: { readOnly: true, destructive: false, idempotent: true },
});

const execution = (results?: Array<{ title: string }>) => ({
  success: true as const,
  tool: 'search',
  result: null,
  metadata: { latency_ms: 12 },
  ...(results && { results }),
});

describe('the header badges', () => {
  it('count the ready tools as available, and every tool listed', () => {
    const tools = [tool('calculate', 'ready'), tool('search', 'ready'), tool('email_send', 'coming-soon')];
    expect(toolCounts(tools)).toEqual({ available: 2, total: 3 });
    expect(toolCounts([])).toEqual({ available: 0, total: 0 });
  });
});

describe('why a tool is not ready', () => {
  it("is its reason, unless the reason only repeats 'Coming Soon'", () => {
    const degraded = { ...tool('search', 'coming-soon'), unavailableReason: 'rag-engine is degraded: no embedder' };
    expect(unavailableNote(degraded)).toBe('rag-engine is degraded: no embedder');
    expect(unavailableNote({ ...tool('email_send', 'coming-soon'), unavailableReason: 'Coming soon' })).toBeNull();
    expect(unavailableNote(tool('email_send', 'coming-soon'))).toBeNull();
    expect(unavailableNote({ ...tool('calculate', 'ready'), unavailableReason: 'stale' })).toBeNull();
  });
});

describe("a tool's result", () => {
  it('shows numbers as written in English, text as it is, and anything else as JSON', () => {
    expect(formatToolResult(42)).toBe('42');
    expect(formatToolResult(1234567.5)).toBe('1,234,567.5');
    expect(formatToolResult(1 / 3)).toBe('0.3333333333');
    expect(formatToolResult('ok')).toBe('ok');
    expect(formatToolResult({ model: 'local' })).toBe('{"model":"local"}');
    expect(formatToolResult(undefined)).toBe('—');
  });

  it('shows a latency in ms, with a tenth below ten', () => {
    expect(formatLatency(0.04)).toBe('0 ms');
    expect(formatLatency(3.26)).toBe('3.3 ms');
    expect(formatLatency(12.6)).toBe('13 ms');
    expect(formatLatency(Number.NaN)).toBe('—');
  });
});

describe('the search demo', () => {
  it('counts the results and names the top one', () => {
    expect(searchSummary(execution([{ title: 'Handbook.pdf' }, { title: 'Notes.md' }]))).toEqual({
      countText: '2 results',
      topTitle: 'Handbook.pdf',
    });
    expect(searchSummary(execution([{ title: 'Handbook.pdf' }]))).toEqual({
      countText: '1 result',
      topTitle: 'Handbook.pdf',
    });
  });

  it('says there are none when the tool found nothing or returned no list', () => {
    expect(searchSummary(execution([]))).toEqual({ countText: 'No results', topTitle: null });
    expect(searchSummary(execution())).toEqual({ countText: 'No results', topTitle: null });
  });
});

describe("an MCP client's configuration", () => {
  it('names the endpoint and sends the API key as a bearer token', () => {
    expect(JSON.parse(mcpClientConfig('https://docent.example/mcp'))).toEqual({
      mcpServers: {
        docent: { url: 'https://docent.example/mcp', headers: { Authorization: 'Bearer YOUR_API_KEY' } },
      },
    });
  });
});
