import type { PluginContext } from './plugin-context.js';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface ChatRequest {
  /** One of the provider's `models[].id`. */
  model: string;
  messages: readonly ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  signal?: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'other';

export interface ChatResponse {
  text: string;
  usage: TokenUsage;
  finishReason: FinishReason;
}

export interface EmbedResponse {
  /** The embedding model used, so stored vectors can be matched to their model. */
  model: string;
  /** One vector per input text, in input order. */
  vectors: number[][];
  usage?: { inputTokens: number };
}

export interface ProviderHealth {
  healthy: boolean;
  message?: string;
}

export const MODEL_CAPABILITIES = ['chat', 'streaming', 'embeddings', 'vision', 'tool-calling', 'json-output'] as const;
export type ModelCapability = (typeof MODEL_CAPABILITIES)[number];

/** Prices in US dollars; zero for local models. */
export interface ModelPricing {
  inputPer1kTokens: number;
  outputPer1kTokens: number;
}

export interface ModelInfo {
  /** The id the provider's API expects, unique within the provider. */
  id: string;
  name: string;
  /** In tokens. */
  contextWindow: number;
  pricing: ModelPricing;
  capabilities: readonly ModelCapability[];
}

export interface ModelProviderPlugin<TConfig extends object = Readonly<Record<string, unknown>>> {
  /** Unique across all plugins; lowercase letters, digits, ".", "_" or "-". */
  id: string;
  displayName: string;
  models: readonly ModelInfo[];
  chat(request: ChatRequest, context: PluginContext<TConfig>): Promise<ChatResponse>;
  /** Yields text deltas as they arrive. */
  chatStream?(request: ChatRequest, context: PluginContext<TConfig>): AsyncIterable<string>;
  embed?(texts: readonly string[], context: PluginContext<TConfig>): Promise<EmbedResponse>;
  healthCheck(context: PluginContext<TConfig>): Promise<ProviderHealth>;
}

/** Returns its argument; it exists so a plain object literal is checked against the contract. */
export function defineModelProviderPlugin<TConfig extends object = Readonly<Record<string, unknown>>>(
  plugin: ModelProviderPlugin<TConfig>,
): ModelProviderPlugin<TConfig> {
  return plugin;
}
