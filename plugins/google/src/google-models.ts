import type { ModelInfo } from '@docent/plugin-sdk';

/**
 * Google's published Gemini API list prices (US dollars per 1K tokens) for prompts up
 * to 128K tokens; Google charges double for longer prompts.
 */
export const GOOGLE_MODELS: readonly ModelInfo[] = [
  {
    id: 'gemini-1.5-pro',
    name: 'Gemini 1.5 Pro',
    contextWindow: 2_097_152,
    pricing: { inputPer1kTokens: 0.00125, outputPer1kTokens: 0.005 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Multimodal web documents, code, images, audio and video; knowledge cut-off May 2024',
    strengths: ['very long documents', 'multimodal input', 'complex reasoning'],
  },
  {
    id: 'gemini-1.5-flash',
    name: 'Gemini 1.5 Flash',
    contextWindow: 1_048_576,
    pricing: { inputPer1kTokens: 0.000075, outputPer1kTokens: 0.0003 },
    capabilities: ['chat', 'streaming', 'vision', 'tool-calling', 'json-output'],
    trainingData: 'Multimodal web documents, code, images, audio and video; knowledge cut-off May 2024',
    strengths: ['low cost', 'fast answers', 'long documents', 'high volume'],
  },
];
