import type { ModelInfo } from '@docent/plugin-sdk';

/** OpenAI's published list prices (US dollars per 1K tokens) and context windows. */
export const OPENAI_MODELS: readonly ModelInfo[] = [
  {
    id: 'gpt-4o',
    name: 'GPT-4o',
    contextWindow: 128_000,
    pricing: { inputPer1kTokens: 0.0025, outputPer1kTokens: 0.01 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off October 2023',
    strengths: ['complex reasoning', 'long documents', 'vision', 'multilingual answers'],
  },
  {
    id: 'gpt-4o-mini',
    name: 'GPT-4o mini',
    contextWindow: 128_000,
    pricing: { inputPer1kTokens: 0.00015, outputPer1kTokens: 0.0006 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off October 2023',
    strengths: ['low cost', 'fast answers', 'summaries', 'high volume'],
  },
  {
    id: 'gpt-4-turbo',
    name: 'GPT-4 Turbo',
    contextWindow: 128_000,
    pricing: { inputPer1kTokens: 0.01, outputPer1kTokens: 0.03 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text and images; knowledge cut-off December 2023',
    strengths: ['careful reasoning', 'long documents', 'code'],
  },
  {
    id: 'gpt-3.5-turbo',
    name: 'GPT-3.5 Turbo',
    contextWindow: 16_385,
    pricing: { inputPer1kTokens: 0.0005, outputPer1kTokens: 0.0015 },
    capabilities: ['chat', 'streaming', 'tool-calling', 'json-output'],
    trainingData: 'Public and licensed text; knowledge cut-off September 2021',
    strengths: ['low cost', 'fast answers', 'simple questions'],
  },
];

/**
 * The context window assumed for a model an endpoint lists but the catalog does not
 * know, such as a model served by Ollama or vLLM: small enough that prompts built for
 * it fit the common open models.
 */
export const UNKNOWN_MODEL_CONTEXT_WINDOW = 8_192;
