import { TOOL_EXECUTION_FAILED, toolHttpError, type ToolExecutionResponse } from '@docent/common/tools';
import type { TFunction } from 'i18next';
import type { NotifyInput } from '~/notifications/notification-store';

/** The /tools route action's intents: one per demo the page runs, each the tool it is named after. */
export const TOOL_INTENTS = ['calculate', 'search'] as const;
export type ToolIntent = (typeof TOOL_INTENTS)[number];

/** A demo's answer: the tool's execution, or the spec's text for why it failed (section 8). */
export type ToolActionResult =
  { intent: ToolIntent; ok: true; execution: ToolExecutionResponse } | { intent: ToolIntent; ok: false; error: string };

/** One fetcher per demo, so its form, its result and its toast share the answer. */
export const toolFetcherKey = (intent: ToolIntent) => `tool-demo:${intent}`;

/** What a failed tool call reads, as the API answered it. */
export interface FailedToolAnswer {
  status: number;
  /** The status line's text ('Forbidden'); empty when the server sent none. */
  statusText: string;
  /** The answer's JSON body, undefined when it had none or it was not JSON. */
  body: unknown;
}

/**
 * The spec's error text for a tool call (section 8): the server's error field; else
 * 'HTTP {status}: {text}' when the answer failed without one; else 'Tool execution failed'.
 */
export function toolErrorMessage({ status, statusText, body }: FailedToolAnswer): string {
  const serverError = (body as { error?: unknown } | null | undefined)?.error;
  if (typeof serverError === 'string' && serverError.trim() !== '') return serverError;
  if ((status < 200 || status > 299) && statusText.trim() !== '') return toolHttpError(status, statusText);
  return TOOL_EXECUTION_FAILED;
}

/** The spec's toasts: '{tool} executed successfully' or '{tool} failed: {message}'. */
export function toolAnnouncement(result: ToolActionResult, t: TFunction<'tools'>): NotifyInput {
  return result.ok
    ? { type: 'success', title: t('toasts.succeeded', { tool: result.intent }) }
    : { type: 'error', title: t('toasts.failed', { tool: result.intent, message: result.error }) };
}
