import { canReprocess, type DocumentView } from '@docent/common/documents';
import { useFetcher } from '@remix-run/react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { Menu, type MenuItem } from '~/components/ui/menu';
import { useNotify } from '~/notifications/notifications-context';
import type { NotifyInput } from '~/notifications/notification-store';
import { DocumentPreviewDialog } from './document-preview-dialog';

/** What the signed-in user may do to documents, by the access policy the server enforces. */
export interface DocumentPermissions {
  upload: boolean;
  /** Per document: others' shared documents are readable, but changing them is their uploader's. */
  delete: (document: DocumentView) => boolean;
  reprocess: (document: DocumentView) => boolean;
}

/** The route action's answer to a row action. */
export type RowActionResult =
  { intent: 'delete' | 'reprocess'; ok: true } | { intent: 'delete' | 'reprocess'; ok: false; error: string };

const downloadHref = (documentId: string) => `/documents/${encodeURIComponent(documentId)}/download`;

/** Saves the original through the download route; the server's Content-Disposition names the file. */
function downloadOriginal(document: DocumentView) {
  const link = window.document.createElement('a');
  link.href = downloadHref(document.id);
  // Without it a failed download would replace the page with the error.
  link.download = document.name;
  window.document.body.append(link);
  link.click();
  link.remove();
}

/** A row action under way, announced by the page: the row itself may be gone when the answer comes. */
export interface StartedRowAction {
  fetcherKey: string;
  documentName: string;
}

/** One fetcher per row, shared by the row (which submits) and the page's announcement (which reads the answer). */
const rowActionFetcherKey = (documentId: string) => `document-action:${documentId}`;

interface DocumentRowActionsProps {
  document: DocumentView;
  permissions: DocumentPermissions;
  onStarted: (action: StartedRowAction) => void;
}

/** The actions menu of one table row, with its confirm and preview dialogs. */
export function DocumentRowActions({ document, permissions, onStarted }: DocumentRowActionsProps) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('documents');
  const fetcherKey = rowActionFetcherKey(document.id);
  const fetcher = useFetcher<RowActionResult>({ key: fetcherKey });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const submit = (intent: 'delete' | 'reprocess') => {
    onStarted({ fetcherKey, documentName: document.name });
    fetcher.submit({ intent, documentId: document.id, csrf: csrfToken }, { method: 'post', action: '/documents' });
  };

  const items: MenuItem[] = [
    { key: 'preview', label: t('rowActions.preview'), onSelect: () => setPreviewing(true) },
    { key: 'download', label: t('rowActions.download'), onSelect: () => downloadOriginal(document) },
    ...(permissions.reprocess(document) && canReprocess(document.status)
      ? [{ key: 'reprocess', label: t('rowActions.reprocess'), onSelect: () => submit('reprocess') } satisfies MenuItem]
      : []),
    ...(document.vectorized
      ? [
          {
            key: 'search',
            label: t('rowActions.search'),
            to: `/intelligence?document=${encodeURIComponent(document.id)}`,
          } satisfies MenuItem,
        ]
      : []),
    ...(permissions.delete(document)
      ? [
          {
            key: 'delete',
            label: t('rowActions.delete'),
            tone: 'danger',
            onSelect: () => setConfirmingDelete(true),
          } satisfies MenuItem,
        ]
      : []),
  ];

  const busy = fetcher.state !== 'idle';
  return (
    <>
      <Menu
        buttonContent={<StyledMoreDots aria-hidden="true">⋯</StyledMoreDots>}
        buttonLabel={t(busy ? 'rowActions.menuLabelBusy' : 'rowActions.menuLabel', { name: document.name })}
        items={items}
      />
      {previewing && <DocumentPreviewDialog document={document} onClose={() => setPreviewing(false)} />}
      <Dialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={t('rowActions.confirmTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
              {t('rowActions.cancel')}
            </Button>
            <StyledDangerButton
              onClick={() => {
                setConfirmingDelete(false);
                submit('delete');
              }}
            >
              {t('rowActions.delete')}
            </StyledDangerButton>
          </>
        }
      >
        <p>{t('rowActions.confirm', { name: document.name })}</p>
      </Dialog>
    </>
  );
}

function announcement(result: RowActionResult, documentName: string, t: TFunction<'documents'>): NotifyInput {
  if (result.intent === 'delete') {
    return result.ok
      ? { type: 'success', title: t('rowActions.deleted'), message: documentName }
      : { type: 'error', title: t('rowActions.deleteFailed', { error: result.error }), message: documentName };
  }
  return result.ok
    ? { type: 'success', title: t('rowActions.reprocessStarted'), message: documentName }
    : { type: 'error', title: t('rowActions.reprocessFailed', { error: result.error }), message: documentName };
}

/**
 * Announces the answer to a row action once it arrives. It lives in the page, not the
 * row: a deleted row leaves the table (pushed over the socket, or reloaded after the
 * action) in the same moment the answer lands, and would take its toast with it.
 */
export function RowActionAnnouncement({
  action,
  onAnnounced,
}: {
  action: StartedRowAction;
  onAnnounced: (fetcherKey: string) => void;
}) {
  const fetcher = useFetcher<RowActionResult>({ key: action.fetcherKey });
  const notify = useNotify();
  const { t } = useTranslation('documents');
  // The answer to an earlier action on the same row is already announced.
  const announced = useRef(fetcher.data);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || announced.current === result) return;
    announced.current = result;
    notify(announcement(result, action.documentName, t));
    onAnnounced(action.fetcherKey);
  }, [fetcher.state, fetcher.data, notify, action, onAnnounced, t]);
  return null;
}

const StyledMoreDots = styled.span`
  font-size: ${({ theme }) => theme.font.size.lg};
  line-height: 1;
`;

const StyledDangerButton = styled(Button)`
  background: ${({ theme }) => theme.color.danger};
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.primaryText};
`;
