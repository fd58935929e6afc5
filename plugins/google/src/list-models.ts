import { getProviderJson, type ModelInfo, type ResolvedProviderSettings } from '@docent/plugin-sdk';
import { GOOGLE_MODELS } from './google-models.js';

/** The most models the Gemini API returns on one page. */
const PAGE_SIZE = 1_000;

// Image-generation, speech and computer-use models also offer generateContent, but cannot answer a chat.
const NOT_A_CHAT_MODEL = /image|tts|audio|computer-use|robotics/i;

/** What the Gemini API says of one model. */
interface GeminiModel {
  /** "models/<id>". */
  name: string;
  displayName?: string;
  inputTokenLimit?: number;
  supportedGenerationMethods?: string[];
}

interface ModelsPage {
  models?: GeminiModel[];
  nextPageToken?: string;
}

/**
 * The chat models a Gemini API endpoint serves (GET {baseURL}/models, paged with
 * nextPageToken): those that offer generateContent, known ones with their catalog
 * prices, others as the endpoint describes them at zero cost, since their price is not known.
 */
export async function listGoogleModels(
  settings: ResolvedProviderSettings,
  headers: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<ModelInfo[]> {
  const listed: GeminiModel[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ pageSize: String(PAGE_SIZE), ...(pageToken && { pageToken }) });
    const page = (await getProviderJson(`${settings.baseURL}/models?${query}`, headers, signal)) as ModelsPage;
    listed.push(...(page.models ?? []));
    // A page that hands back the token it was asked with would otherwise be asked for forever.
    if (!page.nextPageToken || page.nextPageToken === pageToken) break;
    pageToken = page.nextPageToken;
  }
  return listed
    .filter((model) => model.supportedGenerationMethods?.includes('generateContent'))
    .map((model) => ({ ...model, id: model.name.replace(/^models\//, '') }))
    .filter((model) => !NOT_A_CHAT_MODEL.test(model.id))
    .map((model) => GOOGLE_MODELS.find((known) => known.id === model.id) ?? unknownModel(model));
}

function unknownModel(model: GeminiModel & { id: string }): ModelInfo {
  return {
    id: model.id,
    name: model.displayName || model.id,
    contextWindow: model.inputTokenLimit || UNKNOWN_GEMINI_CONTEXT_WINDOW,
    pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
    capabilities: ['chat', 'streaming'],
  };
}

/** Assumed for a model the endpoint names no input limit for: small enough for any Gemini or Gemma model. */
const UNKNOWN_GEMINI_CONTEXT_WINDOW = 32_768;
