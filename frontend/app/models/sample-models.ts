import {
  DEFAULT_MODEL_CONFIGURATION,
  type Model,
  type ModelLimits,
  type ModelStats,
  type RoutingResponse,
} from '@docent/common/models';

interface SampleFields {
  id: string;
  name: string;
  provider: string;
  providerName: string;
  endpoint: string;
  /** The maker's list prices per 1K tokens. */
  pricing: { inputPer1kTokens: number; outputPer1kTokens: number };
  limits: ModelLimits;
  contextWindow: number;
  capabilities: string[];
}

function sample({ pricing, limits, contextWindow, capabilities, ...fields }: SampleFields): Model {
  return {
    ...fields,
    status: 'active',
    statusReason: null,
    // Samples have served no requests: every usage figure is the API's "before any call".
    responseTime: 0,
    costPerToken: (pricing.inputPer1kTokens + pricing.outputPer1kTokens) / 2,
    pricing,
    accuracy: null,
    usage: 0,
    requests: 0,
    errors: 0,
    lastUsed: null,
    apiKey: null,
    requiresApiKey: true,
    configuration: DEFAULT_MODEL_CONFIGURATION,
    limits,
    metadata: { contextWindow, trainingData: null, capabilities, strengths: [] },
  };
}

/**
 * What the page shows when the server cannot be reached (spec sections 3 and 9): the
 * three sample models with the spec's sample limits, labelled as samples and read-only.
 */
export const SAMPLE_MODELS: readonly Model[] = [
  sample({
    id: 'openai:gpt-4-turbo',
    name: 'gpt-4-turbo',
    provider: 'openai',
    providerName: 'OpenAI',
    endpoint: 'https://api.openai.com/v1',
    pricing: { inputPer1kTokens: 0.01, outputPer1kTokens: 0.03 },
    limits: { dailyRequests: 1000, monthlyBudget: 2000, maxConcurrent: 5 },
    contextWindow: 128_000,
    capabilities: ['chat', 'vision'],
  }),
  sample({
    id: 'anthropic:claude-3-opus',
    name: 'claude-3-opus',
    provider: 'anthropic',
    providerName: 'Anthropic',
    endpoint: 'https://api.anthropic.com',
    pricing: { inputPer1kTokens: 0.015, outputPer1kTokens: 0.075 },
    limits: { dailyRequests: 800, monthlyBudget: 1500, maxConcurrent: 3 },
    contextWindow: 200_000,
    capabilities: ['chat', 'vision'],
  }),
  sample({
    id: 'openai:gpt-3.5-turbo',
    name: 'gpt-3.5-turbo',
    provider: 'openai',
    providerName: 'OpenAI',
    endpoint: 'https://api.openai.com/v1',
    pricing: { inputPer1kTokens: 0.0005, outputPer1kTokens: 0.0015 },
    limits: { dailyRequests: 2000, monthlyBudget: 500, maxConcurrent: 10 },
    contextWindow: 16_385,
    capabilities: ['chat'],
  }),
];

export const SAMPLE_MODEL_STATS: ModelStats = {
  totalModels: SAMPLE_MODELS.length,
  activeModels: SAMPLE_MODELS.length,
  totalRequests: 0,
  totalCost: 0,
  averageResponseTime: 0,
  successRate: 100,
  monthlyCost: 0,
  dailyRequests: 0,
};

export const SAMPLE_ROUTING: RoutingResponse = {
  routing: {
    primaryModelId: 'openai:gpt-4-turbo',
    fallbackModelId: 'anthropic:claude-3-opus',
    costOptimizedModelId: 'openai:gpt-3.5-turbo',
    autoRouting: true,
  },
  usage: SAMPLE_MODELS.map((model) => ({
    modelId: model.id,
    dailyRequests: { used: 0, limit: model.limits.dailyRequests },
    monthlyBudget: { used: 0, limit: model.limits.monthlyBudget },
    concurrent: { used: 0, limit: model.limits.maxConcurrent },
  })),
};
