import { createAnthropic } from '@ai-sdk/anthropic';
import {
  defineAiSdkProviderPlugin,
  getProviderJson,
  requireApiKey,
  type ResolvedProviderSettings,
} from '@docent/plugin-sdk';
import { ANTHROPIC_MODELS } from './anthropic-models.js';
import { listAnthropicModels } from './list-models.js';

const DISPLAY_NAME = 'Anthropic';
/** The API version the AI SDK's Anthropic provider speaks, sent on the calls made without it. */
const ANTHROPIC_VERSION = '2023-06-01';

/** Anthropic's Claude models through the Messages API. Anthropic offers no embeddings. */
export default defineAiSdkProviderPlugin({
  id: 'anthropic',
  displayName: DISPLAY_NAME,
  requiresApiKey: true,
  defaultBaseURL: 'https://api.anthropic.com/v1',
  models: ANTHROPIC_MODELS,
  // The Messages API has no frequency or presence penalty, and newer Claude models
  // refuse temperature and top_p together.
  samplingSettings: ['temperature', 'topP'],
  temperatureExcludesTopP: true,
  // The Messages API requires max_tokens; every model in the catalog can write this many.
  defaultMaxOutputTokens: 4_096,
  createClient: (settings) => {
    const provider = createAnthropic({ baseURL: settings.baseURL, apiKey: requireApiKey(settings, DISPLAY_NAME) });
    return { languageModel: (modelId) => provider.messages(modelId) };
  },
  listModels: (settings) => listAnthropicModels(settings, apiHeaders(settings)),
  probeEndpoint: async (settings, signal) => {
    await getProviderJson(`${settings.baseURL}/models`, apiHeaders(settings), signal);
  },
});

/** The headers of the calls made without the AI SDK. */
function apiHeaders(settings: ResolvedProviderSettings): Record<string, string> {
  return { 'x-api-key': requireApiKey(settings, DISPLAY_NAME), 'anthropic-version': ANTHROPIC_VERSION };
}
