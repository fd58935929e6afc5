import type { ChatSessionResponse, ChatStreamEvent } from '@docent/common/chat';
import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { conversationReducer, EMPTY_CONVERSATION, type Conversation } from './chat-conversation';
import { fetchRouteJson } from '~/lib/route-json';
import { streamChatAnswer } from './chat-stream';

/** The web app's session route (routes/intelligence.sessions.$sessionId.ts). */
const sessionHref = (sessionId: string) => `/intelligence/sessions/${encodeURIComponent(sessionId)}`;

/** What the live region says when an answer ends (never for each token); `id` tells a repeat from the last one. */
export interface AnswerAnnouncement {
  id: number;
  text: string;
}

export interface ChatConversation {
  conversation: Conversation;
  announcement: AnswerAnnouncement | null;
  /** The session being opened, and why opening one failed. */
  opening: string | null;
  openError: string | null;
  ask: (message: string) => void;
  stop: () => void;
  open: (sessionId: string) => void;
  startNew: () => void;
}

/**
 * The open chat: asking streams the answer into the conversation; Stop aborts the
 * request (the server stops too); opening a session loads its messages. A finished
 * answer reloads the page's loader, so the session list and the figures include it.
 */
export function useChatConversation(documentIds: readonly string[]): ChatConversation {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('intelligence');
  const [conversation, dispatch] = useReducer(conversationReducer, EMPTY_CONVERSATION);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<AnswerAnnouncement | null>(null);
  const announce = useCallback((text: string) => setAnnouncement((last) => ({ id: (last?.id ?? 0) + 1, text })), []);
  const answerController = useRef<AbortController | null>(null);
  const openController = useRef<AbortController | null>(null);
  // The session the next question continues, read when asking rather than captured.
  const sessionIdRef = useRef(conversation.sessionId);
  useEffect(() => {
    sessionIdRef.current = conversation.sessionId;
  }, [conversation.sessionId]);

  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
  }, [revalidator.revalidate]);

  useEffect(
    () => () => {
      answerController.current?.abort();
      openController.current?.abort();
    },
    [],
  );

  const stop = useCallback(() => {
    if (!answerController.current) return;
    answerController.current.abort();
    answerController.current = null;
    dispatch({ type: 'STOPPED' });
    announce(t('chat.announceStopped'));
  }, [announce, t]);

  const ask = useCallback(
    (message: string) => {
      answerController.current?.abort();
      const controller = new AbortController();
      answerController.current = controller;
      dispatch({ type: 'QUESTION_ASKED', question: message });
      const question = {
        message,
        ...(sessionIdRef.current && { sessionId: sessionIdRef.current }),
        ...(documentIds.length > 0 && { documentIds: [...documentIds] }),
      };
      const onEvent = (event: ChatStreamEvent) => {
        dispatch({ type: 'STREAM_EVENT', event });
        if (event.type === 'done') announce(t('chat.announceComplete'));
        if (event.type === 'error') announce(t('chat.failed', { error: event.error }));
      };
      void streamChatAnswer(question, { csrfToken, signal: controller.signal, onEvent, t }).then(() => {
        if (answerController.current === controller) answerController.current = null;
        revalidateRef.current();
      });
    },
    [csrfToken, documentIds, announce, t],
  );

  const open = useCallback(
    (sessionId: string) => {
      stop();
      openController.current?.abort();
      const controller = new AbortController();
      openController.current = controller;
      setOpening(sessionId);
      setOpenError(null);
      fetchRouteJson<ChatSessionResponse>(sessionHref(sessionId), { signal: controller.signal })
        .then(({ session }) => dispatch({ type: 'SESSION_OPENED', session }))
        .catch((error: Error) => {
          if (!controller.signal.aborted) setOpenError(error.message);
        })
        .finally(() => {
          if (openController.current === controller) setOpening(null);
        });
    },
    [stop],
  );

  const startNew = useCallback(() => {
    stop();
    openController.current?.abort();
    setOpening(null);
    setOpenError(null);
    dispatch({ type: 'NEW_CHAT' });
  }, [stop]);

  return { conversation, announcement, opening, openError, ask, stop, open, startNew };
}
