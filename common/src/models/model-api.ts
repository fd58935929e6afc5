// The AI Models API (spec sections 3, 5, 7 and 9), shared by the backend and the page.

export const MODEL_STATUSES = ['active', 'inactive', 'error', 'configuring'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** The statuses an administrator may choose in the Configure dialog; the others come from health tests. */
export const SETTABLE_MODEL_STATUSES = ['active', 'inactive'] as const;
export type SettableModelStatus = (typeof SETTABLE_MODEL_STATUSES)[number];

/** Slider and field bounds (spec section 5); the server enforces the same ones. */
export const MODEL_PARAMETER_BOUNDS = {
  temperature: { min: 0, max: 2, step: 0.1 },
  maxTokens: { min: 1, max: 8192, step: 1 },
  topP: { min: 0, max: 1, step: 0.1 },
  frequencyPenalty: { min: -2, max: 2, step: 0.1 },
  presencePenalty: { min: -2, max: 2, step: 0.1 },
} as const;

export const DEFAULT_MODEL_CONFIGURATION: ModelConfiguration = {
  temperature: 0.7,
  maxTokens: 2048,
  topP: 1,
  frequencyPenalty: 0,
  presencePenalty: 0,
};

/** No limit until an administrator sets one; 0 blocks the model. */
export const UNLIMITED_MODEL_LIMITS: ModelLimits = { dailyRequests: null, monthlyBudget: null, maxConcurrent: null };

/** A model's error count above this shows as a destructive badge (spec section 9). */
export const MODEL_ERROR_BADGE_THRESHOLD = 15;
/** Models and model stats are polled this often (spec section 7). */
export const MODELS_POLL_INTERVAL_MS = 30_000;

export interface ModelConfiguration {
  temperature: number;
  maxTokens: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
}

/** `null` means no limit. */
export interface ModelLimits {
  dailyRequests: number | null;
  /** US dollars per calendar month (UTC). */
  monthlyBudget: number | null;
  maxConcurrent: number | null;
}

export interface ModelMetadata {
  /** In tokens. */
  contextWindow: number;
  /** As the model's maker states it; null when the provider does not say. */
  trainingData: string | null;
  capabilities: string[];
  strengths: string[];
}

/**
 * A model as GET /api/models lists it. `id` is `{providerId}:{model id at the provider}`
 * (e.g. `openai:gpt-6.2-sol`); URL-encode it in paths. Figures come from ModelInvoked events.
 */
export interface Model {
  id: string;
  name: string;
  /** The provider (plugin, or endpoint added with 'Add Provider') id. */
  provider: string;
  providerName: string;
  status: ModelStatus;
  /** Why the model is in error or configuring, for the page to show; null otherwise. */
  statusReason: string | null;
  /** Mean latency of its calls in seconds; 0 before the first call. */
  responseTime: number;
  /** US dollars per 1K tokens, the mean of the input and output prices. */
  costPerToken: number;
  pricing: { inputPer1kTokens: number; outputPer1kTokens: number };
  /** Percentage of its answered calls that finished normally (not cut off by length or a filter); null before any. */
  accuracy: number | null;
  /** Percentage of all requests that went to this model. */
  usage: number;
  requests: number;
  errors: number;
  lastUsed: string | null;
  /** The provider's base URL; null for the offline provider. */
  endpoint: string | null;
  /** The provider's API key masked (e.g. `sk-…3f9a`); null when none is set. Never the key itself. */
  apiKey: string | null;
  requiresApiKey: boolean;
  configuration: ModelConfiguration;
  limits: ModelLimits;
  metadata: ModelMetadata;
}

export interface ModelStats {
  totalModels: number;
  activeModels: number;
  totalRequests: number;
  /** US dollars, all time. */
  totalCost: number;
  /** Seconds, over all calls. */
  averageResponseTime: number;
  /** Percentage of calls that succeeded; 100 before any call. */
  successRate: number;
  /** US dollars this calendar month (UTC). */
  monthlyCost: number;
  /** Requests today (UTC). */
  dailyRequests: number;
}

/**
 * PUT /api/models/{id}: only the fields being changed. `endpoint` and `apiKey` belong
 * to the model's provider and change it for all its models; an empty `apiKey` removes the key.
 */
export interface ModelUpdate {
  status?: SettableModelStatus;
  endpoint?: string;
  apiKey?: string;
  configuration?: Partial<ModelConfiguration>;
  limits?: Partial<ModelLimits>;
}

/** POST /api/models/{id}/test. */
export interface ModelTestResult {
  success: boolean;
  /** Milliseconds. */
  responseTime: number;
  error?: string;
}

/** GET and PUT /api/models/routing. Model ids as in {@link Model}. */
export interface RoutingConfiguration {
  primaryModelId: string | null;
  fallbackModelId: string | null;
  /** Taken first by requests that ask for the cheapest answer (`preference: 'cost'`). */
  costOptimizedModelId: string | null;
  /**
   * On (the default): when the primary and fallback cannot take a request (inactive, over
   * a limit, or failing), the router tries every other active model, cheapest first.
   * Off: primary, then fallback, and nothing else.
   */
  autoRouting: boolean;
}

/** A model's use of its limits right now, for the Routing tab's bars. `limit` null: no limit. */
export interface ModelLimitUsage {
  modelId: string;
  dailyRequests: { used: number; limit: number | null };
  monthlyBudget: { used: number; limit: number | null };
  concurrent: { used: number; limit: number | null };
}

/** GET /api/models/routing. */
export interface RoutingResponse {
  routing: RoutingConfiguration;
  usage: ModelLimitUsage[];
}

/** POST /api/models/providers ('Add Provider'): an OpenAI-compatible endpoint. */
export interface AddProviderRequest {
  name: string;
  baseURL: string;
  apiKey?: string;
}

export interface ModelProviderView {
  id: string;
  name: string;
  /** The plugin that speaks to it. */
  pluginId: string;
  endpoint: string | null;
  apiKey: string | null;
  /** Added with 'Add Provider' (and removable), rather than installed as a plugin. */
  custom: boolean;
  /**
   * The models its endpoint last listed; those its plugin knows (for an added endpoint,
   * those it listed when added) while nothing was listed, when listing failed, or once the key was removed.
   */
  modelIds: string[];
  /** When the endpoint was last asked for its models (ISO 8601); null since the key was removed. */
  modelsListedAt: string | null;
  /** Why that listing failed, when it did. */
  modelListingError: string | null;
}

/** The spec's month, in dollars, that a model's cost is a share of while there is no monthly cost yet. */
export const COST_SHARE_BASE_WITHOUT_COST = 4000;

/**
 * The spec's cost breakdown figure per model: requests × cost per 1K × 1000 / 30, and
 * its share of the monthly cost (COST_SHARE_BASE_WITHOUT_COST when there is none yet).
 */
export function costBreakdown(
  model: Pick<Model, 'requests' | 'costPerToken'>,
  monthlyCost: number,
): { cost: number; share: number } {
  const cost = (model.requests * model.costPerToken * 1000) / 30;
  const base = monthlyCost > 0 ? monthlyCost : COST_SHARE_BASE_WITHOUT_COST;
  return { cost, share: (cost / base) * 100 };
}

/** How a call recorded as ModelInvoked ended. */
export type ModelCallOutcome = 'success' | 'error';

/** GET /api/models, like the documents list: an envelope with the models. */
export interface ModelListResponse {
  success: true;
  models: Model[];
}

/** GET /api/models/stats. */
export interface ModelStatsResponse {
  success: true;
  stats: ModelStats;
}

/** PUT /api/models/{id}. */
export interface ModelUpdateResponse {
  success: true;
  model: Model;
}

/** GET /api/models/routing and PUT /api/models/routing. */
export type RoutingEnvelope = { success: true } & RoutingResponse;

/** GET /api/models/providers. */
export interface ModelProvidersResponse {
  success: true;
  providers: ModelProviderView[];
}

/** POST /api/models/providers: the endpoint added, with the models it serves (each health-tested once). */
export interface AddProviderResponse {
  success: true;
  provider: ModelProviderView;
  models: Model[];
}

/** POST /api/models/providers/{id}/refresh: the provider with the models its endpoint lists now. */
export interface RefreshProviderModelsResponse {
  success: true;
  provider: ModelProviderView;
  models: Model[];
}
