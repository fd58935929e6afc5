import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { defineAiSdkProviderPlugin, getProviderJson, requireApiKey } from '@docent/plugin-sdk';
import { GOOGLE_MODELS } from './google-models.js';

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
  probeEndpoint: async (settings, signal) => {
    await getProviderJson(
      `${settings.baseURL}/models`,
      { 'x-goog-api-key': requireApiKey(settings, DISPLAY_NAME) },
      signal,
    );
  },
});
