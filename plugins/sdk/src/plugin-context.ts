import type { ChatResponse, ChatRequest } from './model-provider-plugin.js';

/** Structured logging; the host tags each line with the plugin that wrote it. */
export interface PluginLogger {
  debug(message: string, details?: Readonly<Record<string, unknown>>): void;
  info(message: string, details?: Readonly<Record<string, unknown>>): void;
  warn(message: string, details?: Readonly<Record<string, unknown>>): void;
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

export interface SearchOptions {
  /** Maximum number of results; the host applies its own default when omitted. */
  limit?: number;
  /** Restricts the search to these documents. */
  documentIds?: readonly string[];
  signal?: AbortSignal;
}

export interface SearchResult {
  documentId: string;
  /** The document's name, for people. */
  documentName?: string;
  chunkId: string;
  content: string;
  /** Higher is more relevant. */
  score: number;
  metadata?: Readonly<Record<string, unknown>>;
}

/** Searches the documents the calling user may read. */
export interface SearchCapability {
  search(query: string, options?: SearchOptions): Promise<readonly SearchResult[]>;
}

/** A chat request whose model the router chooses unless one is named. */
export type RouteRequest = Omit<ChatRequest, 'model'> & { model?: string; preference?: 'cost' };

/** What the router is asked to choose for. */
export interface RouteChoiceRequest {
  /** A model id (`{providerId}:{model}`): only that model may answer. */
  model?: string;
  /** 'cost': the cost-optimized model goes first. */
  preference?: 'cost';
}

/** One model the router would try, in its order. */
export interface RouteCandidate {
  /** `{providerId}:{model}`. */
  model: string;
  name: string;
  provider: string;
  /** Why it stands where it does: 'primary model', 'fallback model', ... */
  reason: string;
  /** US dollars per 1,000 tokens, input and output averaged. */
  costPer1kTokens: number;
}

/** The model a request would go to and why; the router tries the others in order when it fails. */
export interface RouteChoice {
  chosen: RouteCandidate | null;
  /** Why that model, or why none can answer. */
  reason: string;
  candidates: RouteCandidate[];
}

/** The response of a routed request, with the model that gave it. */
export type RoutedChatResponse = ChatResponse & { model?: string };

/** Sends a chat request to whichever configured model the router picks. */
export interface RouterCapability {
  route(request: RouteRequest): Promise<RoutedChatResponse>;
  /** Which model would answer a request and why, without sending it. */
  explain(request?: RouteChoiceRequest): Promise<RouteChoice>;
}

/**
 * What the host hands a plugin on every call. Plugins reach data only through
 * these capabilities, never through database handles, so the host keeps
 * control of permissions and auditing.
 */
export interface PluginContext<TConfig extends object = Readonly<Record<string, unknown>>> {
  logger: PluginLogger;
  /** The plugin's own settings. */
  config: Readonly<TConfig>;
  search: SearchCapability;
  router: RouterCapability;
}
