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

export interface ToolExecutionResult<TResult = unknown> {
  result: TResult;
  metadata?: Readonly<Record<string, unknown>>;
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
  /** Defaults to 'ready'. */
  status?: ToolStatus;
  /** The status component (e.g. 'rag-engine') that must be ready for the tool to be offered. */
  requires?: string;
  /** Receives input the host has already validated against `inputSchema`. */
  execute(input: TInput, context: PluginContext<TConfig>): Promise<ToolExecutionResult<TResult>>;
}

/** Returns its argument; it exists so a plain object literal is checked against the contract. */
export function defineToolPlugin<
  TInput = Readonly<Record<string, unknown>>,
  TResult = unknown,
  TConfig extends object = Readonly<Record<string, unknown>>,
>(plugin: ToolPlugin<TInput, TResult, TConfig>): ToolPlugin<TInput, TResult, TConfig> {
  return plugin;
}
