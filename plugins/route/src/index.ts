import { defineToolPlugin, type RouteCandidate, type ToolResultItem } from '@docent/plugin-sdk';

export interface RouteInput {
  query: string;
  /** 'cost': ask for the cheapest answer, as the router understands it. */
  preference?: 'cost';
  /** Also send the query to the model and answer with its reply. */
  run?: boolean;
}

export interface RouteAnswer {
  query: string;
  /** The model the router would send the query to, `{providerId}:{model}`; null when none can answer. */
  model: string | null;
  modelName: string | null;
  reason: string;
  /** With `run`: the reply, and the model that gave it (another one when the first failed). */
  answer?: string;
  answeredBy?: string;
}

function toResultItem(candidate: RouteCandidate): ToolResultItem {
  return { title: candidate.name, ...candidate };
}

export default defineToolPlugin<RouteInput, RouteAnswer>({
  name: 'route',
  category: 'ai',
  description:
    "Asks the model router which model would answer a query and why, with the other candidates in the order it would try them; with run, also sends the query and returns the model's answer",
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 10_000, description: 'The request to route' },
      preference: { type: 'string', enum: ['cost'], description: "'cost' asks for the cheapest answer" },
      run: { type: 'boolean', description: 'Also send the query to the chosen model (default false)' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      model: { type: ['string', 'null'] },
      modelName: { type: ['string', 'null'] },
      reason: { type: 'string' },
      answer: { type: 'string' },
      answeredBy: { type: 'string' },
    },
    required: ['query', 'model', 'modelName', 'reason'],
  },
  readOnly: true,
  destructive: false,
  // Running the query calls a model again, which costs again and may answer differently.
  idempotent: false,
  requires: 'model-router',
  async execute({ query, preference, run = false }, context) {
    const choice = await context.router.explain({ preference });
    const answer: RouteAnswer = {
      query,
      model: choice.chosen?.model ?? null,
      modelName: choice.chosen?.name ?? null,
      reason: choice.reason,
    };
    if (run) {
      const response = await context.router.route({ messages: [{ role: 'user', content: query }], preference });
      answer.answer = response.text;
      if (response.model !== undefined) answer.answeredBy = response.model;
    }
    return { result: answer, results: choice.candidates.map(toResultItem) };
  },
});
