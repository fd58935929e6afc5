import type { ModelInfo } from '@docent/plugin-sdk';

/** Anthropic's published list prices (US dollars per 1K tokens) and context windows. */
export const ANTHROPIC_MODELS: readonly ModelInfo[] = [
  {
    id: 'claude-3-5-sonnet-latest',
    name: 'Claude 3.5 Sonnet',
    contextWindow: 200_000,
    pricing: { inputPer1kTokens: 0.003, outputPer1kTokens: 0.015 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling'],
    trainingData: 'Public web data and licensed data; knowledge cut-off April 2024',
    strengths: ['analysis of long documents', 'code', 'careful writing', 'following instructions'],
  },
  {
    id: 'claude-3-5-haiku-latest',
    name: 'Claude 3.5 Haiku',
    contextWindow: 200_000,
    pricing: { inputPer1kTokens: 0.0008, outputPer1kTokens: 0.004 },
    capabilities: ['chat', 'streaming', 'tool-calling'],
    trainingData: 'Public web data and licensed data; knowledge cut-off July 2024',
    strengths: ['fast answers', 'low cost', 'summaries', 'classification'],
  },
  {
    id: 'claude-3-opus-latest',
    name: 'Claude 3 Opus',
    contextWindow: 200_000,
    pricing: { inputPer1kTokens: 0.015, outputPer1kTokens: 0.075 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling'],
    trainingData: 'Public web data and licensed data; knowledge cut-off August 2023',
    strengths: ['complex reasoning', 'nuanced writing', 'research'],
  },
];
