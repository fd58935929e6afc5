import { z } from 'zod';
import { MODEL_PARAMETER_BOUNDS } from '@docent/common/models';

/** The model name that lets the router choose, as it does for Docent's own chat. */
export const ROUTER_CHOOSES = 'auto';

const NOT_AN_OBJECT = 'The request body must be a JSON object';

/** OpenAI's content parts: only text is supported. */
const textPart = z.object(
  { type: z.literal('text'), text: z.string() },
  { error: 'Only text content parts are supported' },
);

const message = z.object(
  {
    // 'developer' is OpenAI's newer name for the system role.
    role: z.enum(['system', 'developer', 'user', 'assistant'], {
      error: 'messages[].role must be system, developer, user or assistant',
    }),
    content: z.union([z.string(), z.array(textPart)], {
      error: 'messages[].content must be a string or an array of text parts',
    }),
  },
  { error: 'Each message must be an object with a role and content' },
);

const bounded = (field: string, bounds: { min: number; max: number }, whole = false) => {
  const description = `${field} must be ${whole ? 'a whole number' : 'a number'} between ${bounds.min} and ${bounds.max}`;
  const number = z.number({ error: description }).min(bounds.min, description).max(bounds.max, description);
  return (whole ? number.int(description) : number).nullish();
};

/**
 * POST /v1/chat/completions as OpenAI defines it, for the fields Docent honours;
 * other fields are ignored, as OpenAI-compatible servers commonly do.
 */
export const chatCompletionsSchema = z.object(
  {
    model: z
      .string({ error: `model is required: a model id from GET /v1/models, or "${ROUTER_CHOOSES}"` })
      .trim()
      .min(1)
      .max(300),
    messages: z
      .array(message, { error: 'messages must be an array' })
      .min(1, 'messages must hold at least one message'),
    stream: z.boolean({ error: 'stream must be true or false' }).nullish(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
    temperature: bounded('temperature', MODEL_PARAMETER_BOUNDS.temperature),
    top_p: bounded('top_p', MODEL_PARAMETER_BOUNDS.topP),
    max_tokens: bounded('max_tokens', MODEL_PARAMETER_BOUNDS.maxTokens, true),
    max_completion_tokens: bounded('max_completion_tokens', MODEL_PARAMETER_BOUNDS.maxTokens, true),
    frequency_penalty: bounded('frequency_penalty', MODEL_PARAMETER_BOUNDS.frequencyPenalty),
    presence_penalty: bounded('presence_penalty', MODEL_PARAMETER_BOUNDS.presencePenalty),
    n: z.literal(1, { error: 'Only n = 1 is supported' }).nullish(),
  },
  { error: NOT_AN_OBJECT },
);

export type ChatCompletionsRequest = z.output<typeof chatCompletionsSchema>;
