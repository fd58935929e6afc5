import type { ModelInfo } from '@docent/plugin-sdk';

/**
 * Anthropic's current models with their list prices (US dollars per 1K tokens;
 * Anthropic publishes per 1M) and context windows. Claude Haiku 5.5's price is for
 * prompts up to 100K tokens; longer prompts cost five times as much.
 *
 * Source, checked 2026-11-25: Anthropic's models overview and model pages
 * (platform.claude.com/docs/en/models/overview, /models/haiku-5-5/overview), as stored
 * after Claude Haiku 5.5's release on 2026-10-07; the stored pydantic/genai-prices
 * anthropic.yml predates these models.
 */
export const ANTHROPIC_MODELS: readonly ModelInfo[] = [
  {
    id: 'claude-fable-5-2',
    name: 'Claude Fable 5.2',
    contextWindow: 1_000_000,
    pricing: { inputPer1kTokens: 0.008, outputPer1kTokens: 0.04 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling'],
    trainingData: 'Public web data and licensed data; reliable knowledge cut-off June 2026',
    strengths: ['demanding reasoning', 'long-horizon agentic work', 'research'],
  },
  {
    id: 'claude-opus-5-5',
    name: 'Claude Opus 5.5',
    contextWindow: 1_000_000,
    pricing: { inputPer1kTokens: 0.004, outputPer1kTokens: 0.02 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling'],
    trainingData: 'Public web data and licensed data; reliable knowledge cut-off June 2026',
    strengths: ['complex reasoning', 'analysis of long documents', 'code', 'knowledge work'],
  },
  {
    id: 'claude-sonnet-5-5',
    name: 'Claude Sonnet 5.5',
    contextWindow: 1_000_000,
    pricing: { inputPer1kTokens: 0.002, outputPer1kTokens: 0.01 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling'],
    trainingData: 'Public web data and licensed data; reliable knowledge cut-off June 2026',
    strengths: ['balance of speed and quality', 'careful writing', 'code', 'following instructions'],
  },
  {
    id: 'claude-haiku-5-5',
    name: 'Claude Haiku 5.5',
    contextWindow: 1_000_000,
    pricing: { inputPer1kTokens: 0.0001, outputPer1kTokens: 0.0005 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling'],
    trainingData: 'Public web data and licensed data; reliable knowledge cut-off June 2026',
    strengths: ['fast answers', 'low cost', 'classification', 'extraction'],
  },
];
