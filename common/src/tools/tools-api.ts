// The tools API (spec sections 2, 3, 4 and 7, issue 14), shared by the backend and the MCP Tools page.

/** Ready: offered and executable now. Coming soon: listed only; it has no code to run. */
export const TOOL_AVAILABILITIES = ['ready', 'coming-soon'] as const;
export type ToolAvailability = (typeof TOOL_AVAILABILITIES)[number];

/** The component a tool needs, named as GET /status names it. */
export type ToolComponent = 'mcp-server' | 'rag-engine' | 'model-router';

/** One entry of GET /api/tools/list. */
export interface ToolView {
  name: string;
  description: string;
  /** computation, search, ai, ... as the plugin declares it. */
  category: string;
  /** JSON Schema of the parameters (always an object schema, as MCP requires). */
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** ready only when the plugin is ready and the component it requires reports ready. */
  status: ToolAvailability;
  /** Why the tool is not ready, for people: 'Coming soon', 'rag-engine is degraded: ...'. */
  unavailableReason?: string;
  annotations: { readOnly: boolean; destructive: boolean; idempotent: boolean };
}

/** GET /api/tools/list. */
export interface ToolListResponse {
  success: true;
  tools: ToolView[];
  /** Where MCP clients connect (absolute URL of /mcp on this server). */
  mcpEndpoint: string;
}

/** POST /api/tools/execute. */
export interface ToolExecuteRequest {
  tool: string;
  parameters: Record<string, unknown>;
}

/** One item of a tool's list result (search hits, router candidates). */
export interface ToolResultItem {
  title: string;
  /** Set when this item failed on its own while the others did not. */
  error?: string;
  [detail: string]: unknown;
}

/**
 * The answer of POST /api/tools/execute and /demo/*: the tool's result, how long it took,
 * and its list of items when it returns one.
 */
export interface ToolExecutionResponse {
  success: true;
  tool: string;
  result: unknown;
  metadata: { latency_ms: number; [detail: string]: unknown };
  results?: ToolResultItem[];
}

/** POST /demo/calculate. */
export const CALCULATE_OPERATIONS = ['add', 'subtract', 'multiply', 'divide'] as const;
export type CalculateOperation = (typeof CALCULATE_OPERATIONS)[number];
export interface CalculatePayload {
  operation: CalculateOperation;
  a: number;
  b: number;
}

/** POST /demo/search and /demo/route. */
export interface QueryPayload {
  query: string;
}

/** The spec's texts for a failed tool call (section 8). */
export const TOOL_EXECUTION_FAILED = 'Tool execution failed';
export const toolHttpError = (status: number, text: string) => `HTTP ${status}: ${text}`;
