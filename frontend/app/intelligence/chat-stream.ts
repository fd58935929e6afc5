import type { ChatStreamEvent } from '@docent/common/chat';
import type { TFunction } from 'i18next';
import { CSRF_HEADER_NAME } from '~/auth/auth-client';
import { ServerSentEventParser, toChatStreamEvent } from './sse-parser';

/** The web app's chat route (routes/intelligence.chat.ts). */
export const CHAT_ROUTE = '/intelligence/chat';

export interface ChatQuestion {
  message: string;
  sessionId?: string;
  /** Answer from these documents only. */
  documentIds?: string[];
}

interface StreamOptions {
  csrfToken: string;
  signal: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
  /** Words the failures the browser itself sees (cut off, no network). */
  t: TFunction<'intelligence'>;
}

/**
 * Asks a question and hands each event of the answer to `onEvent` as it arrives. A
 * refusal before the stream starts, or a stream cut off before its last event, ends
 * with an `error` event like the server's own; stopping (the signal) ends it silently.
 */
export async function streamChatAnswer(
  question: ChatQuestion,
  { csrfToken, signal, onEvent, t }: StreamOptions,
): Promise<void> {
  let finished = false;
  const emit = (event: ChatStreamEvent) => {
    if (event.type === 'done' || event.type === 'error') finished = true;
    onEvent(event);
  };
  try {
    const response = await fetch(CHAT_ROUTE, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', [CSRF_HEADER_NAME]: csrfToken },
      body: JSON.stringify(question),
      signal,
    });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
      const error = typeof body?.error === 'string' ? body.error : `HTTP ${response.status}: ${response.statusText}`;
      emit({ type: 'error', status: response.status, error });
      return;
    }
    const parser = new ServerSentEventParser();
    // The decoder keeps a character whose bytes straddle two chunks whole.
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const raw of parser.push(value)) {
        const event = toChatStreamEvent(raw);
        if (event) emit(event);
      }
    }
    if (!finished) emit({ type: 'error', status: 0, error: t('chat.cutOff') });
  } catch (error) {
    if (signal.aborted) return;
    emit({
      type: 'error',
      status: 0,
      error:
        error instanceof Error && error.message
          ? t('chat.networkErrorBecause', { reason: error.message })
          : t('chat.networkError'),
    });
  }
}
