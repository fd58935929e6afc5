import type { PluginContext } from './plugin-context.js';

/** Any JSON Schema; keywords are checked by whoever validates against it. */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** A tool's input is always a JSON object, as MCP requires. */
export interface JsonObjectSchema extends JsonSchema {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, JsonSchema | boolean>>;
  readonly required?: readonly string[];
}

export type ToolStatus = 'ready' | 'coming-soon';

/** One item of a tool's list result (a search hit, a candidate model), as lists show it. */
export interface ToolResultItem {
  title: string;
  /** Set when this item failed on its own while the others did not. */
  error?: string;
  readonly [detail: string]: unknown;
}

export interface ToolExecutionResult<TResult = unknown> {
  /** What the tool answers; described by `outputSchema` when the tool declares one. */
  result: TResult;
  metadata?: Readonly<Record<string, unknown>>;
  /** The tool's answer as a list of items, when it is one (search hits, candidates). */
  results?: readonly ToolResultItem[];
}

/**
 * The input is valid against the tool's schema, but the tool cannot act on it (a division
 * by zero): the caller's mistake, answered as such, never as a failure of the server.
 */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

/** Also for an error thrown by another copy of this package, which `instanceof` would miss. */
export function isToolInputError(error: unknown): error is ToolInputError {
  return error instanceof ToolInputError || (error instanceof Error && error.name === 'ToolInputError');
}

export interface ToolPlugin<
  TInput = Readonly<Record<string, unknown>>,
  TResult = unknown,
  TConfig extends object = Readonly<Record<string, unknown>>,
> {
  /** Unique across all plugins; 1-64 letters, digits, "_" or "-" (the MCP tool-name rule). */
  name: string;
  category: string;
  description: string;
  inputSchema: JsonObjectSchema;
  outputSchema?: JsonSchema;
  /** Only reads; never changes anything. */
  readOnly: boolean;
  /** May delete or overwrite something that cannot be recovered. */
  destructive: boolean;
  /** Calling it again with the same input has no further effect. */
  idempotent: boolean;
  /** Defaults to 'ready'. A coming-soon tool is listed only, and has no `execute`. */
  status?: ToolStatus;
  /** The status component (e.g. 'rag-engine') that must be ready for the tool to be offered. */
  requires?: string;
  /**
   * Receives input the host has already validated against `inputSchema`. Required unless
   * the tool is coming soon; throw `ToolInputError` for input the tool cannot act on.
   */
  execute?(input: TInput, context: PluginContext<TConfig>): Promise<ToolExecutionResult<TResult>>;
}

/** Returns its argument; it exists so a plain object literal is checked against the contract. */
export function defineToolPlugin<
  TInput = Readonly<Record<string, unknown>>,
  TResult = unknown,
  TConfig extends object = Readonly<Record<string, unknown>>,
>(plugin: ToolPlugin<TInput, TResult, TConfig>): ToolPlugin<TInput, TResult, TConfig> {
  return plugin;
}
