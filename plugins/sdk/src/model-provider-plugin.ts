import type { PluginContext } from './plugin-context.js';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface ChatRequest {
  /** One of the provider's model ids (`models[].id`, or one `listModels` returned). */
  model: string;
  messages: readonly ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  /** Aborts the call: the router's timeout, or the client going away. */
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

/** What a streamed chat yields: text as it arrives, then exactly one `finish` with the usage. */
export type ChatStreamPart =
  { type: 'text-delta'; text: string } | { type: 'finish'; usage: TokenUsage; finishReason: FinishReason };

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
  /** What the model was trained on, as its maker states it (e.g. its knowledge cut-off). */
  trainingData?: string;
  /** What the model is good at, in a few words each. */
  strengths?: readonly string[];
}

/**
 * The settings the host passes in `context.config` to a model provider: the
 * administrator's endpoint and key for this provider (or for one endpoint added with
 * 'Add Provider'). The key is decrypted only for the call.
 */
export interface ProviderSettings {
  baseURL?: string;
  apiKey?: string;
}

export interface ModelProviderPlugin<TConfig extends object = ProviderSettings> {
  /** Unique across all plugins; lowercase letters, digits, ".", "_" or "-". */
  id: string;
  displayName: string;
  /** False for providers that need no key (a local server, the offline `local` provider). */
  requiresApiKey: boolean;
  /** Where the provider is reached unless an administrator sets another endpoint. */
  defaultBaseURL?: string;
  /** True when 'Add Provider' may add further endpoints speaking this provider's protocol. */
  customEndpoints?: boolean;
  /** The models the provider is known to offer, with their prices. */
  models: readonly ModelInfo[];
  /** The models an endpoint actually serves, for endpoints whose models are not known in advance. */
  listModels?(context: PluginContext<TConfig>): Promise<ModelInfo[]>;
  chat(request: ChatRequest, context: PluginContext<TConfig>): Promise<ChatResponse>;
  chatStream?(request: ChatRequest, context: PluginContext<TConfig>): AsyncIterable<ChatStreamPart>;
  embed?(texts: readonly string[], context: PluginContext<TConfig>): Promise<EmbedResponse>;
  /** A real, cheap call to the endpoint; throws or answers unhealthy with a reason. */
  healthCheck(context: PluginContext<TConfig>, model?: string): Promise<ProviderHealth>;
}

/** Returns its argument; it exists so a plain object literal is checked against the contract. */
export function defineModelProviderPlugin<TConfig extends object = ProviderSettings>(
  plugin: ModelProviderPlugin<TConfig>,
): ModelProviderPlugin<TConfig> {
  return plugin;
}
