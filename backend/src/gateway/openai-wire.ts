import { randomUUID } from 'node:crypto';
import type { ChatMessage, FinishReason, TokenUsage } from '@docent/plugin-sdk';
import type { ModelRequest } from '../models/routing/model-router.service.js';
import type { ChatCompletionsRequest } from './chat-completions.schema.js';

// OpenAI's chat-completions wire format, which the official clients parse.

/** Where the gateway answers: an OpenAI client's base URL is this server's /v1. */
export const GATEWAY_ROUTE = 'v1';

/** Whether a request is the gateway's, whose clients read only OpenAI's error shape. */
export function isGatewayPath(path: string): boolean {
  return path === `/${GATEWAY_ROUTE}` || path.startsWith(`/${GATEWAY_ROUTE}/`);
}

const FINISH_REASONS: Record<FinishReason, string> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  other: 'stop',
};

export function completionId(): string {
  return `chatcmpl-${randomUUID().replaceAll('-', '')}`;
}

/** Docent's messages from OpenAI's: text parts joined, 'developer' read as 'system'. */
function toChatMessages(messages: ChatCompletionsRequest['messages']): ChatMessage[] {
  return messages.map(({ role, content }) => ({
    role: role === 'developer' ? 'system' : role,
    content: typeof content === 'string' ? content : content.map((part) => part.text).join(''),
  }));
}

/** What the router is asked, from OpenAI's request: its messages and the parameters it sets. */
export function toModelRequest(body: ChatCompletionsRequest): ModelRequest {
  return {
    messages: toChatMessages(body.messages),
    temperature: body.temperature ?? undefined,
    topP: body.top_p ?? undefined,
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    frequencyPenalty: body.frequency_penalty ?? undefined,
    presencePenalty: body.presence_penalty ?? undefined,
  };
}

function wireUsage(usage: TokenUsage) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

export interface CompletionHeader {
  id: string;
  /** Seconds since the epoch. */
  created: number;
  model: string;
}

export function completion(header: CompletionHeader, text: string, finishReason: FinishReason, usage: TokenUsage) {
  return {
    ...header,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        logprobs: null,
        finish_reason: FINISH_REASONS[finishReason],
      },
    ],
    usage: wireUsage(usage),
  };
}

/** One chunk of a streamed completion; the first carries the role. */
export function completionChunk(
  header: CompletionHeader,
  delta: { role?: 'assistant'; content?: string },
  finishReason: FinishReason | null,
) {
  return {
    ...header,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason && FINISH_REASONS[finishReason] }],
  };
}

/** The usage chunk OpenAI sends last when asked with stream_options.include_usage. */
export function usageChunk(header: CompletionHeader, usage: TokenUsage) {
  return { ...header, object: 'chat.completion.chunk', choices: [], usage: wireUsage(usage) };
}

export function modelList(models: { id: string; provider: string }[], created: number) {
  return {
    object: 'list',
    data: models.map(({ id, provider }) => ({ id, object: 'model', created, owned_by: provider })),
  };
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_exceeded',
};

/** OpenAI's error body, which its clients turn into typed errors carrying the message. */
export function errorBody(status: number, message: string) {
  return {
    error: {
      message,
      type: ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
      param: null,
      code: null,
    },
  };
}
