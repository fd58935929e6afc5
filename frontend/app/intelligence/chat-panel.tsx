import {
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_SESSIONS,
  type ChatCitation,
  type ChatSessionSummary,
} from '@docent/common/chat';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, FormAlert, StyledField, StyledLabel } from '~/components/forms';
import { inputStyles } from '~/components/forms/field-parts';
import { Menu } from '~/components/ui/menu';
import { Spinner } from '~/components/ui/spinner';
import { AnswerFacts, AnswerText, SourceList } from './chat-answer';
import { isAnswering } from './chat-conversation';
import { ChatSessionDialogs, type SessionEdit } from './chat-session-dialogs';
import { highlightedTerms, rangesOfTerms } from './highlight-ranges';
import type { SearchScope } from './intelligence-url';
import { PassageDialog, type Passage } from './passage-dialog';
import { ScopeChip } from './scope-chip';
import { useChatConversation } from './use-chat-conversation';

interface ChatPanelProps {
  /** null when the chat API did not answer, with why. */
  sessions: ChatSessionSummary[] | null;
  sessionsError: string | null;
  scope: SearchScope | null;
  onRemoveScope: () => void;
}

function passageOfCitation(citation: ChatCitation, t: TFunction<'search'>): Passage {
  return {
    title: t('passage.source', { number: citation.number }),
    documentId: citation.documentId,
    documentName: citation.documentName,
    position: citation.position,
    text: citation.text,
    ranges: rangesOfTerms(citation.text, highlightedTerms(citation.snippet, citation.highlights)),
  };
}

/** The Chat tab: the sessions, the open conversation with its streamed answer and sources, and the question box. */
export function ChatPanel({ sessions, sessionsError, scope, onRemoveScope }: ChatPanelProps) {
  const { t } = useTranslation('intelligence');
  const { t: tSearch } = useTranslation('search');
  const documentIds = useMemo(() => (scope ? [scope.documentId] : []), [scope]);
  const chat = useChatConversation(documentIds);
  const { conversation } = chat;
  const answering = isAnswering(conversation);
  const [draft, setDraft] = useState('');
  const [passage, setPassage] = useState<Passage | null>(null);
  const [edit, setEdit] = useState<SessionEdit | null>(null);
  const closeEdit = useCallback(() => setEdit(null), []);
  const { sessionId } = conversation;
  const { startNew } = chat;
  // The open chat deleted: a new one takes its place.
  const onDeleted = useCallback(
    (deletedId: string) => {
      if (deletedId === sessionId) startNew();
    },
    [sessionId, startNew],
  );

  const questionId = useId();
  const conversationTitleId = useId();
  const messagesRef = useRef<HTMLOListElement>(null);

  // The newest words stay in view as they stream in.
  useEffect(() => {
    const list = messagesRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [conversation.messages, conversation.pending?.text]);

  const listed = (sessions ?? []).slice(0, MAX_CHAT_SESSIONS);
  const openTitle =
    listed.find((session) => session.id === conversation.sessionId)?.title ?? conversation.title ?? t('chat.newChat');

  const ask = (question: string) => {
    const trimmed = question.trim();
    if (!trimmed || answering) return;
    setDraft('');
    chat.ask(trimmed);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ask(draft);
  };
  const onQuestionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask(draft);
    }
  };
  const cite = (citation: ChatCitation) => setPassage(passageOfCitation(citation, tSearch));

  return (
    <StyledChat>
      <StyledSessions aria-label={t('chat.sessions')}>
        <Button onClick={chat.startNew}>{t('chat.newChat')}</Button>
        {sessions === null ? (
          <StyledMuted>
            {sessionsError
              ? t('chat.sessionsUnavailableBecause', { error: sessionsError })
              : t('chat.sessionsUnavailable')}
          </StyledMuted>
        ) : listed.length === 0 ? (
          <StyledMuted>{t('chat.noChats')}</StyledMuted>
        ) : (
          <ul>
            {listed.map((session) => (
              <StyledSessionItem key={session.id} $current={session.id === conversation.sessionId}>
                <button
                  type="button"
                  aria-current={session.id === conversation.sessionId ? 'true' : undefined}
                  onClick={() => chat.open(session.id)}
                  aria-busy={chat.opening === session.id || undefined}
                >
                  <span>{session.title}</span>
                  <small>{t('chat.messageCount', { count: session.messageCount })}</small>
                </button>
                <Menu
                  buttonContent={<span aria-hidden="true">⋯</span>}
                  buttonLabel={t('chat.sessionActions', { title: session.title })}
                  items={[
                    { key: 'rename', label: t('chat.rename'), onSelect: () => setEdit({ kind: 'rename', session }) },
                    {
                      key: 'delete',
                      label: t('chat.delete'),
                      tone: 'danger',
                      onSelect: () => setEdit({ kind: 'delete', session }),
                    },
                  ]}
                />
              </StyledSessionItem>
            ))}
          </ul>
        )}
      </StyledSessions>

      <StyledConversation aria-labelledby={conversationTitleId}>
        <h3 id={conversationTitleId}>{openTitle}</h3>
        {scope && <ScopeChip scope={scope} purpose="chat" onRemove={onRemoveScope} />}
        {chat.openError && <FormAlert>{t('chat.openFailed', { error: chat.openError })}</FormAlert>}
        {chat.opening && <Spinner label={t('chat.opening')} />}

        <StyledMessages ref={messagesRef} aria-label={t('chat.messages')} tabIndex={0}>
          {conversation.messages.length === 0 && !conversation.pending && (
            <StyledMuted as="li">{t('chat.intro')}</StyledMuted>
          )}
          {conversation.messages.map((message) =>
            message.role === 'user' ? (
              <StyledQuestion key={message.id}>{message.content}</StyledQuestion>
            ) : (
              <StyledAnswer key={message.id}>
                <AnswerText text={message.content} citations={message.citations ?? []} onCite={cite} />
                {message.grounded === false && <StyledMuted>{t('chat.notGrounded')}</StyledMuted>}
                <SourceList citations={message.citations ?? []} onCite={cite} />
                <AnswerFacts message={message} />
              </StyledAnswer>
            ),
          )}
          {conversation.pending && (
            <>
              {!conversation.pending.questionSaved && <StyledQuestion>{conversation.pending.question}</StyledQuestion>}
              <StyledAnswer aria-busy={conversation.pending.phase === 'streaming'}>
                {conversation.pending.text && (
                  <AnswerText text={conversation.pending.text} citations={conversation.pending.sources} onCite={cite} />
                )}
                {conversation.pending.phase === 'streaming' && <Spinner size="sm" label={t('chat.answering')} />}
                {conversation.pending.phase === 'stopped' && <StyledMuted>{t('chat.stopped')}</StyledMuted>}
                {conversation.pending.phase === 'failed' && (
                  <StyledFailure>
                    <FormAlert>
                      {t('chat.failed', { error: conversation.pending.error ?? t('chat.unknownError') })}
                    </FormAlert>
                    <Button variant="secondary" onClick={() => ask(conversation.pending!.question)}>
                      {t('chat.askAgain')}
                    </Button>
                  </StyledFailure>
                )}
                <SourceList citations={conversation.pending.sources} onCite={cite} />
              </StyledAnswer>
            </>
          )}
        </StyledMessages>

        {/* The end of each answer, once; a new node each time, so a repeated text is announced again. */}
        <div role="status" className="visually-hidden">
          {chat.announcement && <span key={chat.announcement.id}>{chat.announcement.text}</span>}
        </div>

        <StyledComposer onSubmit={onSubmit}>
          <StyledField>
            <StyledLabel htmlFor={questionId}>{t('chat.question')}</StyledLabel>
            <StyledTextarea
              id={questionId}
              name="message"
              rows={2}
              value={draft}
              maxLength={MAX_CHAT_MESSAGE_LENGTH}
              placeholder={t('chat.questionPlaceholder')}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onQuestionKeyDown}
            />
          </StyledField>
          <StyledComposerActions>
            {answering ? (
              <Button variant="secondary" onClick={chat.stop}>
                {t('chat.stop')}
              </Button>
            ) : (
              <Button type="submit" disabled={draft.trim() === ''}>
                {t('chat.send')}
              </Button>
            )}
          </StyledComposerActions>
        </StyledComposer>
      </StyledConversation>

      <ChatSessionDialogs edit={edit} onClose={closeEdit} onDeleted={onDeleted} />
      {passage && <PassageDialog passage={passage} onClose={() => setPassage(null)} />}
    </StyledChat>
  );
}

const StyledChat = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};

  @media (max-width: 48rem) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const StyledSessions = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const StyledSessionItem = styled.li<{ $current: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $current }) => ($current ? theme.color.primaryMuted : 'transparent')};

  > button {
    display: flex;
    flex: 1;
    flex-direction: column;
    min-width: 0;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radius.md};
    background: transparent;
    color: ${({ theme }) => theme.color.text};
    text-align: left;
    cursor: pointer;
  }
  > button:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  > button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  > button span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  > button small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const StyledConversation = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
`;

const StyledMessages = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-height: 12rem;
  max-height: 32rem;
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  background: ${({ theme }) => theme.color.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.lg};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const StyledQuestion = styled.li`
  align-self: flex-end;
  max-width: 80%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const StyledAnswer = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 90%;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const StyledFailure = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledComposer = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};

  > div:first-child {
    flex: 1;
  }
`;

const StyledTextarea = styled.textarea<{ $invalid?: boolean }>`
  ${inputStyles}
  resize: vertical;
  font: inherit;
`;

const StyledComposerActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;
