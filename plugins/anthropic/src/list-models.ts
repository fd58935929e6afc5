import { getProviderJson, type ModelInfo, type ResolvedProviderSettings } from '@docent/plugin-sdk';
import { ANTHROPIC_MODELS } from './anthropic-models.js';

/** The most models the Models API returns on one page. */
const PAGE_LIMIT = 1_000;

/** What Anthropic's Models API says of one model; older API versions omit the token limits. */
interface AnthropicModel {
  id: string;
  display_name?: string;
  max_input_tokens?: number;
}

interface ModelsPage {
  data: AnthropicModel[];
  has_more: boolean;
  last_id: string | null;
}

/**
 * The models an Anthropic endpoint serves (GET {baseURL}/models, paged with
 * has_more/last_id): known ones with their catalog prices, others as the endpoint
 * describes them at zero cost, since their price is not known.
 */
export async function listAnthropicModels(
  settings: ResolvedProviderSettings,
  headers: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<ModelInfo[]> {
  const listed: AnthropicModel[] = [];
  let afterId: string | null = null;
  for (;;) {
    const query = new URLSearchParams({
      limit: String(PAGE_LIMIT),
      ...(afterId === null ? {} : { after_id: afterId }),
    });
    const page = (await getProviderJson(`${settings.baseURL}/models?${query}`, headers, signal)) as ModelsPage;
    listed.push(...page.data);
    // A page that does not move the cursor on would otherwise be asked for forever.
    if (!page.has_more || page.last_id === null || page.last_id === afterId) break;
    afterId = page.last_id;
  }
  return listed.map((model) => ANTHROPIC_MODELS.find((known) => known.id === model.id) ?? unknownModel(model));
}

function unknownModel(model: AnthropicModel): ModelInfo {
  return {
    id: model.id,
    name: model.display_name || model.id,
    contextWindow: model.max_input_tokens || UNKNOWN_CLAUDE_CONTEXT_WINDOW,
    pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
    capabilities: ['chat', 'streaming'],
  };
}

/** Every Claude model the Messages API still serves reads at least this many tokens. */
const UNKNOWN_CLAUDE_CONTEXT_WINDOW = 200_000;
