import { MAX_CHAT_TITLE_LENGTH, type ChatSessionSummary } from '@docent/common/chat';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
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
  const csrfToken = useAuthenticityToken();
  const fetcher = useFetcher<PageActionResult>({ key: 'chat-session-edit' });
  const [title, setTitle] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const submitted = useRef<{ edit: SessionEdit; earlierAnswer: PageActionResult | undefined } | null>(null);
  useEffect(() => {
    setTitle(edit?.session.title ?? '');
    setRefused(null);
  }, [edit]);

  // Closes once the server has agreed; a refusal stays in the dialog.
  useEffect(() => {
    const done = submitted.current;
    if (fetcher.state !== 'idle' || !done || !fetcher.data || fetcher.data === done.earlierAnswer) return;
    submitted.current = null;
    if (!fetcher.data.ok) {
      setRefused(fetcher.data.error);
      return;
    }
    if (done.edit.kind === 'delete') onDeleted(done.edit.session.id);
    onClose();
  }, [fetcher.state, fetcher.data, onClose, onDeleted]);

  if (!edit) return null;
  const busy = fetcher.state !== 'idle';
  const submit = (fields: Record<string, string>) => {
    submitted.current = { edit, earlierAnswer: fetcher.data };
    setRefused(null);
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
        title="Rename chat"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="rename-chat-form" disabled={trimmed === '' || busy} busy={busy}>
              Save
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
            label="Chat title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={MAX_CHAT_TITLE_LENGTH}
            required
            autoFocus
          />
        </form>
        <StyledAlertSpacing>
          <FormAlert>{refused && `Rename failed: ${refused}`}</FormAlert>
        </StyledAlertSpacing>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete chat"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <StyledDangerButton disabled={busy} busy={busy} onClick={() => submit({ intent: 'delete-session' })}>
            Delete
          </StyledDangerButton>
        </>
      }
    >
      <p>Are you sure you want to delete &quot;{edit.session.title}&quot;?</p>
      <StyledAlertSpacing>
        <FormAlert>{refused && `Delete failed: ${refused}`}</FormAlert>
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
