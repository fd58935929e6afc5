/**
 * The model events' payloads, owned here rather than borrowed from the models API or the
 * plugin SDK: a stored event must never change because one of those did.
 */

/** An API key as events carry it: encrypted, with the masked form the API shows. */
export interface StoredApiKey {
  encrypted: string;
  masked: string;
}

/** A model an endpoint served when it was added or listed, as its plugin described it then. */
export interface ListedModel {
  /** The id the endpoint's API expects. */
  id: string;
  name: string;
  /** In tokens. */
  contextWindow: number;
  /** US dollars. */
  pricing: { inputPer1kTokens: number; outputPer1kTokens: number };
  capabilities: string[];
  trainingData?: string;
  strengths?: string[];
}

/** A model's generation parameters. */
export interface ModelParameters {
  temperature: number;
  maxTokens: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
}

/** `null`: no limit. */
export interface ModelLimitSettings {
  dailyRequests: number | null;
  /** US dollars per calendar month (UTC). */
  monthlyBudget: number | null;
  maxConcurrent: number | null;
}

/** Which models the router prefers, and whether it may try any other. */
export interface RoutingSettings {
  primaryModelId: string | null;
  fallbackModelId: string | null;
  costOptimizedModelId: string | null;
  autoRouting: boolean;
}

/** The statuses an administrator chooses; 'error' is a health test's verdict. */
export type ChosenModelStatus = 'active' | 'inactive';

/** How a provider said its answer ended. */
export type CallFinishReason = 'stop' | 'length' | 'content-filter' | 'other';

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** An administrator set the endpoint or key of a provider; null endpoint: the plugin's default. */
    ProviderConfigured: { providerId: string; endpoint: string | null; apiKey: StoredApiKey | null };
    /** 'Add Provider': an OpenAI-compatible endpoint served by the plugin `pluginId`, with the models it listed. */
    ProviderAdded: {
      providerId: string;
      pluginId: string;
      name: string;
      endpoint: string;
      apiKey: StoredApiKey | null;
      models: ListedModel[];
    };
    ProviderRemoved: { providerId: string };
    /**
     * The provider's stored key was dropped because its endpoint changed without a new
     * key: a key is only ever sent where it was entered. Follows the ProviderConfigured
     * that moved the endpoint.
     */
    ProviderApiKeyCleared: { providerId: string; reason: 'endpoint-changed' };
    /**
     * The models the provider's endpoint served when asked with its current endpoint and
     * key, as its plugin described them: they replace the plugin's built-in list (or, for
     * an endpoint added with 'Add Provider', the list it was added with) until the
     * provider is configured again.
     */
    ProviderModelsListed: { providerId: string; models: ListedModel[] };
    /** The provider's endpoint could not list its models with its current endpoint and key; the built-in list is used. */
    ProviderModelListingFailed: { providerId: string; reason: string };
    /** The full parameters after the change. */
    ModelConfigured: { modelId: string; configuration: ModelParameters };
    /** The full limits after the change. */
    ModelLimitsChanged: { modelId: string; limits: ModelLimitSettings };
    /**
     * By an administrator (active or inactive), or by a health test whose outcome
     * differs from the previous one (error with the reason, or active again).
     */
    ModelStatusChanged: {
      modelId: string;
      status: ChosenModelStatus | 'error';
      reason: string | null;
      changedBy: 'administrator' | 'health-test';
    };
    ModelTested: { modelId: string; success: boolean; responseTimeMs: number; error: string | null };
    /** The full routing settings after the change. */
    RoutingConfigured: RoutingSettings;
    /** One call to a provider, failed ones included; each attempt of a request is its own call. */
    ModelInvoked: {
      modelId: string;
      providerId: string;
      /** Null for calls the system makes on its own behalf. */
      userId: string | null;
      inputTokens: number;
      outputTokens: number;
      /** US dollars: tokens / 1000 × the model's price per 1K, input and output. */
      cost: number;
      latencyMs: number;
      outcome: 'success' | 'error';
      error: string | null;
      /** Null when the call failed. */
      finishReason: CallFinishReason | null;
      /** Another candidate was tried first and could not take the request. */
      fallback: boolean;
      streamed: boolean;
    };
  }
}

export const MODEL_PROVIDER_STREAM_TYPE = 'model-provider';
export const MODEL_STREAM_TYPE = 'model';
export const MODEL_ROUTING_STREAM_TYPE = 'model-routing';
export const MODEL_USAGE_STREAM_TYPE = 'model-usage';

export const modelProviderStreamId = (providerId: string) => `model-provider-${providerId}`;
export const modelStreamId = (modelId: string) => `model-${modelId}`;
export const MODEL_ROUTING_STREAM_ID = 'model-routing';
/** Calls are facts with nothing to decide, so their streams are appended to without a version check. */
export const modelUsageStreamId = (modelId: string) => `model-usage-${modelId}`;

/** `{providerId}:{model id at the provider}`; the provider's own id may itself contain colons. */
export function modelIdOf(providerId: string, providerModelId: string): string {
  return `${providerId}:${providerModelId}`;
}

export function splitModelId(modelId: string): { providerId: string; providerModelId: string } | null {
  const separator = modelId.indexOf(':');
  if (separator <= 0 || separator === modelId.length - 1) return null;
  return { providerId: modelId.slice(0, separator), providerModelId: modelId.slice(separator + 1) };
}
