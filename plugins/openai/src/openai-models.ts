import type { ModelInfo } from '@docent/plugin-sdk';

/**
 * OpenAI's current models with their list prices (US dollars per 1K tokens; OpenAI
 * publishes per 1M) and context windows, for prompts up to 272K tokens: OpenAI charges
 * more for longer ones.
 *
 * Source, checked 2026-11-25: OpenAI's model pages and pricing page
 * (developers.openai.com/api/docs/models, /api/docs/pricing) as stored on 2026-11-18,
 * the day after GPT-6.2 launched; the stored pydantic/genai-prices openai.yml predates
 * these models.
 */
export const OPENAI_MODELS: readonly ModelInfo[] = [
  {
    id: 'gpt-6.2-astra',
    name: 'GPT-6.2 Astra',
    contextWindow: 1_050_000,
    pricing: { inputPer1kTokens: 0.008, outputPer1kTokens: 0.04 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off 18 May 2026',
    strengths: ['hardest reasoning', 'complex coding', 'long documents', 'research'],
  },
  {
    id: 'gpt-6.2-sol',
    name: 'GPT-6.2 Sol',
    contextWindow: 1_050_000,
    pricing: { inputPer1kTokens: 0.002, outputPer1kTokens: 0.01 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off 1 June 2026',
    strengths: ['everyday questions', 'analysis', 'writing', 'coding'],
  },
  {
    id: 'gpt-6.1-terra',
    name: 'GPT-6.1 Terra',
    contextWindow: 1_050_000,
    pricing: { inputPer1kTokens: 0.001, outputPer1kTokens: 0.005 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off 1 June 2026',
    strengths: ['fast answers', 'clear writing', 'visual reasoning', 'balanced cost'],
  },
  {
    id: 'gpt-6-luna',
    name: 'GPT-6 Luna',
    contextWindow: 1_050_000,
    pricing: { inputPer1kTokens: 0.0001, outputPer1kTokens: 0.0005 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off 18 May 2026',
    strengths: ['low cost', 'high volume', 'summaries', 'classification'],
  },
];

/**
 * The context window assumed for a model an endpoint lists but the catalog does not
 * know, such as a model served by Ollama or vLLM: small enough that prompts built for
 * it fit the common open models.
 */
export const UNKNOWN_MODEL_CONTEXT_WINDOW = 8_192;
