import { createOpenAI } from '@ai-sdk/openai';
import { defineAiSdkProviderPlugin } from '@docent/plugin-sdk';
import { listOpenAIModels } from './list-models.js';
import { OPENAI_MODELS } from './openai-models.js';

/**
 * OpenAI, and any server speaking its chat-completions API (Ollama, vLLM, llama.cpp
 * server, LM Studio) when an administrator points an endpoint at it.
 */
export default defineAiSdkProviderPlugin({
  id: 'openai',
  displayName: 'OpenAI',
  // The OpenAI cloud needs a key. Endpoints added for compatible local servers often
  // have none, so calls without a key are still made, just without an Authorization header.
  requiresApiKey: true,
  defaultBaseURL: 'https://api.openai.com/v1',
  customEndpoints: true,
  models: OPENAI_MODELS,
  samplingSettings: ['temperature', 'topP', 'frequencyPenalty', 'presencePenalty'],
  createClient: ({ baseURL, apiKey }) => {
    const provider = createOpenAI({
      baseURL,
      // The SDK reads OPENAI_API_KEY when given no key; an empty key stops that, and
      // fetchWithoutAuthorization then drops the empty "Bearer " header it produces.
      apiKey: apiKey ?? '',
      ...(apiKey === undefined ? { fetch: fetchWithoutAuthorization } : {}),
    });
    // The chat-completions model, not the Responses API, because compatible servers only speak the former.
    return {
      languageModel: (modelId) => provider.chat(modelId),
      embeddingModel: (modelId) => provider.embedding(modelId),
    };
  },
  embeddingModelId: 'text-embedding-3-small',
  listModels: (settings) => listOpenAIModels(settings),
  probeEndpoint: async (settings, signal) => {
    await listOpenAIModels(settings, signal);
  },
});

const fetchWithoutAuthorization: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('authorization');
  return fetch(input, { ...init, headers });
};
