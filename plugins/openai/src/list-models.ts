import { getProviderJson, type ModelInfo, type ResolvedProviderSettings } from '@docent/plugin-sdk';
import { OPENAI_MODELS, UNKNOWN_MODEL_CONTEXT_WINDOW } from './openai-models.js';

// OpenAI's own list also names image, audio, video, moderation and embedding models, and the
// legacy completion-only ones (davinci-002, babbage-002, gpt-3.5-turbo-instruct): none can chat.
const NOT_A_CHAT_MODEL =
  /embed|whisper|tts|dall-e|moderation|transcribe|realtime|audio|image|sora|davinci|babbage|-instruct\b/i;

interface ModelsPage {
  data: { id: string }[];
}

/**
 * The chat models an OpenAI-compatible endpoint serves (GET {baseURL}/models): known
 * ones with their catalog prices, others at zero cost, as self-hosted models are.
 */
export async function listOpenAIModels(settings: ResolvedProviderSettings, signal?: AbortSignal): Promise<ModelInfo[]> {
  const headers: Record<string, string> =
    settings.apiKey === undefined ? {} : { Authorization: `Bearer ${settings.apiKey}` };
  const page = (await getProviderJson(`${settings.baseURL}/models`, headers, signal)) as ModelsPage;
  return page.data
    .map((model) => model.id)
    .filter((id) => !NOT_A_CHAT_MODEL.test(id))
    .map((id) => OPENAI_MODELS.find((known) => known.id === id) ?? unknownModel(id));
}

function unknownModel(id: string): ModelInfo {
  return {
    id,
    name: id,
    contextWindow: UNKNOWN_MODEL_CONTEXT_WINDOW,
    pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
    capabilities: ['chat', 'streaming'],
  };
}
