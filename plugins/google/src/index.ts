import { createGoogleGenerativeAI } from '@ai-sdk/google';
import {
  defineAiSdkProviderPlugin,
  getProviderJson,
  requireApiKey,
  type ResolvedProviderSettings,
} from '@docent/plugin-sdk';
import { GOOGLE_MODELS } from './google-models.js';
import { listGoogleModels } from './list-models.js';

const DISPLAY_NAME = 'Google Gemini';

/** Google's Gemini models through the Gemini API (generateContent). */
export default defineAiSdkProviderPlugin({
  id: 'google',
  displayName: DISPLAY_NAME,
  requiresApiKey: true,
  defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
  models: GOOGLE_MODELS,
  samplingSettings: ['temperature', 'topP', 'frequencyPenalty', 'presencePenalty'],
  createClient: (settings) => {
    const provider = createGoogleGenerativeAI({
      baseURL: settings.baseURL,
      apiKey: requireApiKey(settings, DISPLAY_NAME),
    });
    return {
      languageModel: (modelId) => provider.chat(modelId),
      embeddingModel: (modelId) => provider.embedding(modelId),
    };
  },
  embeddingModelId: 'text-embedding-004',
  listModels: (settings) => listGoogleModels(settings, apiHeaders(settings)),
  probeEndpoint: async (settings, signal) => {
    await getProviderJson(`${settings.baseURL}/models`, apiHeaders(settings), signal);
  },
});

/** The headers of the calls made without the AI SDK: the key goes in a header, never in the URL, so it stays out of logs. */
function apiHeaders(settings: ResolvedProviderSettings): Record<string, string> {
  return { 'x-goog-api-key': requireApiKey(settings, DISPLAY_NAME) };
}
