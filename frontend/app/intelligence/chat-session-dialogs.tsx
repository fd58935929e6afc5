import { MAX_CHAT_TITLE_LENGTH, type ChatSessionSummary } from '@docent/common/chat';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, FormAlert, TextField } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import type { PageActionResult } from './page-actions';

/** Rename or delete, of one session: what the dialogs are open for. */
export type SessionEdit = { kind: 'rename' | 'delete'; session: ChatSessionSummary };

interface SessionDialogsProps {
  edit: SessionEdit | null;
  onClose: () => void;
  /** After the server deleted a session. */
  onDeleted: (sessionId: string) => void;
}

/** The rename dialog and the delete confirmation, posting to the page's action. */
export function ChatSessionDialogs({ edit, onClose, onDeleted }: SessionDialogsProps) {
  if (!edit) return null;
  // Each edit gets a dialog of its own: the session's title in the box, no earlier refusal.
  return <SessionDialog key={`${edit.kind}:${edit.session.id}`} edit={edit} onClose={onClose} onDeleted={onDeleted} />;
}

function SessionDialog({ edit, onClose, onDeleted }: SessionDialogsProps & { edit: SessionEdit }) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('intelligence');
  const fetcher = useFetcher<PageActionResult>({ key: 'chat-session-edit' });
  const [title, setTitle] = useState(edit.session.title);
  // The fetcher is shared by key: an answer that was there before this dialog posted is not its answer.
  const [posted, setPosted] = useState<{ earlierAnswer: PageActionResult | undefined } | null>(null);
  const answer = posted && fetcher.state === 'idle' && fetcher.data !== posted.earlierAnswer ? fetcher.data : undefined;
  const refused = answer?.ok === false ? answer.error : null;

  // Closes once the server has agreed; a refusal stays in the dialog.
  const closedFor = useRef<PageActionResult | null>(null);
  useEffect(() => {
    if (!answer?.ok || closedFor.current === answer) return;
    closedFor.current = answer;
    if (edit.kind === 'delete') onDeleted(edit.session.id);
    onClose();
  }, [answer, edit, onClose, onDeleted]);

  const busy = fetcher.state !== 'idle';
  const submit = (fields: Record<string, string>) => {
    setPosted({ earlierAnswer: fetcher.data });
    fetcher.submit(
      { ...fields, sessionId: edit.session.id, csrf: csrfToken },
      { method: 'post', action: '/intelligence' },
    );
  };

  if (edit.kind === 'rename') {
    const trimmed = title.trim();
    return (
      <Dialog
        open
        onClose={onClose}
        title={t('sessionDialogs.renameTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('sessionDialogs.cancel')}
            </Button>
            <Button type="submit" form="rename-chat-form" disabled={trimmed === '' || busy} busy={busy}>
              {t('sessionDialogs.save')}
            </Button>
          </>
        }
      >
        <form
          id="rename-chat-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed) submit({ intent: 'rename-session', title: trimmed });
          }}
        >
          <TextField
            label={t('sessionDialogs.chatTitle')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={MAX_CHAT_TITLE_LENGTH}
            required
            autoFocus
          />
        </form>
        <StyledAlertSpacing>
          <FormAlert>{refused && t('sessionDialogs.renameFailed', { error: refused })}</FormAlert>
        </StyledAlertSpacing>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('sessionDialogs.deleteTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('sessionDialogs.cancel')}
          </Button>
          <StyledDangerButton disabled={busy} busy={busy} onClick={() => submit({ intent: 'delete-session' })}>
            {t('sessionDialogs.delete')}
          </StyledDangerButton>
        </>
      }
    >
      <p>{t('sessionDialogs.confirm', { title: edit.session.title })}</p>
      <StyledAlertSpacing>
        <FormAlert>{refused && t('sessionDialogs.deleteFailed', { error: refused })}</FormAlert>
      </StyledAlertSpacing>
    </Dialog>
  );
}

const StyledAlertSpacing = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
`;

const StyledDangerButton = styled(Button)`
  background: ${({ theme }) => theme.color.danger};
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.primaryText};
`;
