import type { ToolAvailability, ToolExecutionResponse, ToolView } from '@docent/common/tools';
import type { ParseKeys, TFunction } from 'i18next';

/** The grid's status texts (spec section 2). */
export const TOOL_STATUS_LABELS: Readonly<Record<ToolAvailability, ParseKeys<'tools'>>> = Object.freeze({
  ready: 'status.ready',
  'coming-soon': 'status.comingSoon',
});

/** The server's reason for a tool that has no code to run yet: its Coming Soon badge says as much. */
const COMING_SOON_REASON = 'Coming soon';

/** The header badges' figures: the tools that can run now, and all tools listed. */
export function toolCounts(tools: readonly ToolView[]): { available: number; total: number } {
  return { available: tools.filter((tool) => tool.status === 'ready').length, total: tools.length };
}

/**
 * Why a tool is not ready, when that says more than its status: 'rag-engine is degraded: ...'
 * under Coming Soon, but not 'Coming soon' again.
 */
export function unavailableNote(tool: ToolView): string | null {
  if (tool.status === 'ready' || !tool.unavailableReason) return null;
  const reason = tool.unavailableReason.trim();
  return reason.toLowerCase() === COMING_SOON_REASON.toLowerCase() ? null : reason;
}

/** A tool's result for people: a number as the page's language writes it, text as it is, anything else as JSON. */
export function formatToolResult(result: unknown, language: string): string {
  if (typeof result === 'number') return new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(result);
  if (typeof result === 'string') return result;
  return JSON.stringify(result) ?? '—';
}

/** A latency in milliseconds: a tenth of a millisecond matters below ten, not above. */
export function formatLatency(ms: number, language: string): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const milliseconds = new Intl.NumberFormat(language, { maximumFractionDigits: ms < 10 ? 1 : 0 });
  return `${milliseconds.format(ms)} ms`;
}

/** What the search demo shows of an execution: how many results, and the first one's title. */
export function searchSummary(
  execution: ToolExecutionResponse,
  t: TFunction<'tools'>,
): { countText: string; topTitle: string | null } {
  const results = execution.results ?? [];
  const countText = results.length === 0 ? t('search.noResults') : t('search.resultCount', { count: results.length });
  return { countText, topTitle: results[0]?.title ?? null };
}

/** Stands in the snippet where the user's own API key goes. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/**
 * The entry an MCP client's JSON configuration takes to connect here over Streamable HTTP
 * with an API key (the `mcpServers` shape Cursor's mcp.json and others read).
 */
export function mcpClientConfig(endpoint: string): string {
  const server = { url: endpoint, headers: { Authorization: `Bearer ${API_KEY_PLACEHOLDER}` } };
  return JSON.stringify({ mcpServers: { docent: server } }, null, 2);
}
