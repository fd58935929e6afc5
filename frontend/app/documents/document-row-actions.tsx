import { canReprocess, type DocumentView } from '@docent/common/documents';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { Menu, type MenuItem } from '~/components/ui/menu';
import { useNotify } from '~/notifications/notifications-context';
import { DocumentPreviewDialog } from './document-preview-dialog';

/** What the signed-in role may do to documents; the server enforces the same. */
export interface DocumentPermissions {
  upload: boolean;
  delete: boolean;
  reprocess: boolean;
}

/** The route action's answer to a row action. */
export type RowActionResult = { intent: 'delete' | 'reprocess'; ok: true } | { intent: 'delete' | 'reprocess'; ok: false; error: string };

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

interface DocumentRowActionsProps {
  document: DocumentView;
  permissions: DocumentPermissions;
  csrfToken: string;
}

/** The actions menu of one table row, with its confirm and preview dialogs. */
export function DocumentRowActions({ document, permissions, csrfToken }: DocumentRowActionsProps) {
  const fetcher = useFetcher<RowActionResult>();
  const notify = useNotify();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  // Each answer is announced once, when it arrives.
  const announced = useRef<RowActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || announced.current === result) return;
    announced.current = result;
    if (result.intent === 'delete') {
      notify(
        result.ok
          ? { type: 'success', title: 'Document deleted successfully', message: document.name }
          : { type: 'error', title: `Delete failed: ${result.error}`, message: document.name },
      );
    } else {
      notify(
        result.ok
          ? { type: 'success', title: 'Document reprocessing started', message: document.name }
          : { type: 'error', title: `Reprocess failed: ${result.error}`, message: document.name },
      );
    }
  }, [fetcher.state, fetcher.data, notify, document.name]);

  const submit = (intent: 'delete' | 'reprocess') =>
    fetcher.submit({ intent, documentId: document.id, csrf: csrfToken }, { method: 'post', action: '/documents' });

  const items: MenuItem[] = [
    { key: 'preview', label: 'Preview Document', onSelect: () => setPreviewing(true) },
    { key: 'download', label: 'Download Original', onSelect: () => downloadOriginal(document) },
    ...(permissions.reprocess && canReprocess(document.status)
      ? [{ key: 'reprocess', label: 'Reprocess', onSelect: () => submit('reprocess') } satisfies MenuItem]
      : []),
    ...(document.vectorized
      ? [{ key: 'search', label: 'Search in Document', to: `/intelligence?documentId=${encodeURIComponent(document.id)}` } satisfies MenuItem]
      : []),
    ...(permissions.delete
      ? [{ key: 'delete', label: 'Delete', tone: 'danger', onSelect: () => setConfirmingDelete(true) } satisfies MenuItem]
      : []),
  ];

  const busy = fetcher.state !== 'idle';
  return (
    <>
      <Menu
        buttonContent={<StyledMoreDots aria-hidden="true">⋯</StyledMoreDots>}
        buttonLabel={busy ? `Actions for ${document.name} (working...)` : `Actions for ${document.name}`}
        items={items}
      />
      {previewing && <DocumentPreviewDialog document={document} onClose={() => setPreviewing(false)} />}
      <Dialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete document"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
              Cancel
            </Button>
            <StyledDangerButton
              onClick={() => {
                setConfirmingDelete(false);
                submit('delete');
              }}
            >
              Delete
            </StyledDangerButton>
          </>
        }
      >
        <p>Are you sure you want to delete &quot;{document.name}&quot;?</p>
      </Dialog>
    </>
  );
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
