import type { ModelInfo } from '@docent/plugin-sdk';

/**
 * Google's current Gemini API models with their list prices (US dollars per 1K tokens;
 * Google publishes per 1M) and context windows. Google has published no knowledge
 * cut-off for these models, so none is claimed here.
 *
 * Source, checked 2026-11-25: the Gemini API pricing page
 * (ai.google.dev/gemini-api/docs/pricing) as transcribed on 2026-10-07, and Google's
 * Gemini 4 launch pricing as reported on 2026-11-11; the stored pydantic/genai-prices
 * google.yml predates these models. Scheduled changes: Gemini 4 Carbon goes to
 * $4/$20 per 1M tokens on 2026-12-01, Gemini 3.8 Flash to $1.50/$7.50 on 2027-01-01.
 */
export const GOOGLE_MODELS: readonly ModelInfo[] = [
  {
    id: 'gemini-4-carbon',
    name: 'Gemini 4 Carbon',
    contextWindow: 1_048_576,
    pricing: { inputPer1kTokens: 0.002, outputPer1kTokens: 0.01 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    strengths: ['hard reasoning', 'coding and debugging', 'science', 'long documents'],
  },
  {
    id: 'gemini-4-hydrogen',
    name: 'Gemini 4 Hydrogen',
    contextWindow: 1_048_576,
    pricing: { inputPer1kTokens: 0.0015, outputPer1kTokens: 0.0075 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    strengths: ['balanced cost', 'analysis', 'long documents', 'multimodal input'],
  },
  {
    id: 'gemini-3.8-flash',
    name: 'Gemini 3.8 Flash',
    contextWindow: 1_048_576,
    pricing: { inputPer1kTokens: 0.00075, outputPer1kTokens: 0.00375 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    strengths: ['fast answers', 'low cost', 'long documents', 'multimodal input'],
  },
  {
    id: 'gemini-3.5-flash-lite',
    name: 'Gemini 3.5 Flash-Lite',
    contextWindow: 1_048_576,
    pricing: { inputPer1kTokens: 0.0003, outputPer1kTokens: 0.0025 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    strengths: ['lowest cost', 'high volume', 'summaries', 'classification'],
  },
];
