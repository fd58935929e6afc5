import { embedMany, generateText, streamText, type EmbeddingModel, type LanguageModel } from 'ai';
import type {
  ChatRequest,
  ChatStreamPart,
  FinishReason,
  ModelInfo,
  ModelProviderPlugin,
  ProviderHealth,
  ProviderSettings,
  TokenUsage,
} from '../model-provider-plugin.js';
import type { PluginContext } from '../plugin-context.js';
import { ProviderError } from '../provider-error.js';
import { toProviderError } from './provider-errors.js';

/** The endpoint and key for one call: the administrator's settings over the plugin's defaults. */
export interface ResolvedProviderSettings {
  /** Without a trailing slash. */
  baseURL: string;
  /** Absent when no key is configured; never an empty string. */
  apiKey: string | undefined;
}

/** The AI SDK models for one call's settings. */
export interface AiSdkClient {
  languageModel(modelId: string): LanguageModel;
  embeddingModel?(modelId: string): EmbeddingModel;
}

export type SamplingSetting = 'temperature' | 'topP' | 'frequencyPenalty' | 'presencePenalty';

export interface AiSdkProviderDefinition {
  id: string;
  displayName: string;
  requiresApiKey: boolean;
  defaultBaseURL: string;
  customEndpoints?: boolean;
  models: readonly ModelInfo[];
  /** The sampling settings the provider's API accepts; the others are not sent. */
  samplingSettings: readonly SamplingSetting[];
  /** Sent when a request sets no maxTokens, for APIs that require a limit. */
  defaultMaxOutputTokens?: number;
  /** True when the API takes temperature or topP but not both; temperature is then sent alone. */
  temperatureExcludesTopP?: boolean;
  /** Throws a ProviderError when the settings cannot work, e.g. `requireApiKey` when a key is missing. */
  createClient(settings: ResolvedProviderSettings): AiSdkClient;
  /** The model `embed` uses; omit when the provider offers no embeddings. */
  embeddingModelId?: string;
  listModels?(settings: ResolvedProviderSettings): Promise<ModelInfo[]>;
  /**
   * A free request proving that the endpoint and key work, such as listing models: the
   * health check when it names no model, so it does not depend on any one model existing.
   */
  probeEndpoint(settings: ResolvedProviderSettings, signal: AbortSignal): Promise<void>;
}

/** How long a health check waits for the provider. */
const HEALTH_CHECK_TIMEOUT_MS = 15_000;

/**
 * A model-provider plugin that talks to its provider through the Vercel AI SDK.
 * Every failure surfaces as a ProviderError; the SDK's own retries are off because
 * the host's router decides whether to retry or fall back to another model.
 */
export function defineAiSdkProviderPlugin(definition: AiSdkProviderDefinition): ModelProviderPlugin {
  const resolveSettings = (context: PluginContext<ProviderSettings>): ResolvedProviderSettings => ({
    baseURL: (context.config.baseURL?.trim() || definition.defaultBaseURL).replace(/\/+$/, ''),
    apiKey: context.config.apiKey?.trim() || undefined,
  });

  const callOptions = (request: ChatRequest, settings: ResolvedProviderSettings) => ({
    model: definition.createClient(settings).languageModel(request.model),
    messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
    // Docent's messages keep the system turn where the caller put it.
    allowSystemInMessages: true,
    maxOutputTokens: request.maxTokens ?? definition.defaultMaxOutputTokens,
    ...pickSamplingSettings(request, definition),
    maxRetries: 0,
    abortSignal: request.signal,
  });

  const chat: ModelProviderPlugin['chat'] = async (request, context) => {
    const settings = resolveSettings(context);
    try {
      const result = await generateText(callOptions(request, settings));
      return {
        text: result.text,
        usage: toTokenUsage(result.usage),
        finishReason: toFinishReason(result.finishReason),
      };
    } catch (error) {
      throw toProviderError(error, settings.baseURL, request.signal);
    }
  };

  async function* chatStream(
    request: ChatRequest,
    context: PluginContext<ProviderSettings>,
  ): AsyncIterable<ChatStreamPart> {
    const settings = resolveSettings(context);
    const result = streamText({
      ...callOptions(request, settings),
      // Errors are rethrown from the loop below; without this handler the SDK would also log them.
      onError: () => {},
    });
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          if (part.text !== '') yield { type: 'text-delta', text: part.text };
        } else if (part.type === 'finish') {
          yield {
            type: 'finish',
            usage: toTokenUsage(part.totalUsage),
            finishReason: toFinishReason(part.finishReason),
          };
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          throw request.signal?.reason ?? new ProviderError('The request was cancelled');
        }
      }
    } catch (error) {
      throw toProviderError(error, settings.baseURL, request.signal);
    }
  }

  const healthCheck = async (context: PluginContext<ProviderSettings>, model?: string): Promise<ProviderHealth> => {
    const settings = resolveSettings(context);
    const signal = AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS);
    try {
      if (model === undefined) {
        await definition.probeEndpoint(settings, signal);
      } else {
        const oneTokenRequest: ChatRequest = {
          model,
          messages: [{ role: 'user', content: 'ping' }],
          maxTokens: 1,
          signal,
        };
        await generateText(callOptions(oneTokenRequest, settings));
      }
      return { healthy: true };
    } catch (error) {
      return { healthy: false, message: toProviderError(error, settings.baseURL, signal).message };
    }
  };

  const embeddingModelId = definition.embeddingModelId;
  const embed: ModelProviderPlugin['embed'] =
    embeddingModelId === undefined
      ? undefined
      : async (texts, context) => {
          const settings = resolveSettings(context);
          const embeddingModel = definition.createClient(settings).embeddingModel?.(embeddingModelId);
          if (embeddingModel === undefined) {
            throw new ProviderError(`${definition.displayName} offers no embedding model "${embeddingModelId}"`);
          }
          try {
            const result = await embedMany({ model: embeddingModel, values: [...texts], maxRetries: 0 });
            return { model: embeddingModelId, vectors: result.embeddings, usage: { inputTokens: result.usage.tokens } };
          } catch (error) {
            throw toProviderError(error, settings.baseURL);
          }
        };

  const listModels = definition.listModels;
  return {
    id: definition.id,
    displayName: definition.displayName,
    requiresApiKey: definition.requiresApiKey,
    defaultBaseURL: definition.defaultBaseURL,
    ...(definition.customEndpoints === undefined ? {} : { customEndpoints: definition.customEndpoints }),
    models: definition.models,
    ...(listModels === undefined
      ? {}
      : {
          listModels: async (context: PluginContext<ProviderSettings>) => {
            const settings = resolveSettings(context);
            try {
              return await listModels(settings);
            } catch (error) {
              throw toProviderError(error, settings.baseURL);
            }
          },
        }),
    chat,
    chatStream,
    ...(embed === undefined ? {} : { embed }),
    healthCheck,
  };
}

/**
 * The configured key, or a ProviderError naming the provider. Also stops the AI SDK
 * from falling back to reading a key from the environment.
 */
export function requireApiKey(settings: ResolvedProviderSettings, displayName: string): string {
  if (settings.apiKey === undefined) {
    throw new ProviderError(`No API key is configured for ${displayName}`, { retryable: false });
  }
  return settings.apiKey;
}

function pickSamplingSettings(
  request: ChatRequest,
  { samplingSettings, temperatureExcludesTopP }: AiSdkProviderDefinition,
): Partial<Record<SamplingSetting, number>> {
  const settings: Partial<Record<SamplingSetting, number>> = {};
  for (const name of samplingSettings) {
    const value = request[name];
    if (value !== undefined) settings[name] = value;
  }
  if (temperatureExcludesTopP && settings.temperature !== undefined) delete settings.topP;
  return settings;
}

function toTokenUsage(usage: { inputTokens: number | undefined; outputTokens: number | undefined }): TokenUsage {
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}

function toFinishReason(reason: string): FinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content-filter' ? reason : 'other';
}
