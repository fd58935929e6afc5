import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, FormAlert } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Dialog } from '~/components/ui/dialog';
import { ProgressBar } from '~/components/ui/progress-bar';
import { useNotify } from '~/notifications/notifications-context';
import { acceptedTypesText, checkUploadSelection, FILE_PICKER_ACCEPT, uploadLimitsText } from './upload-checks';
import { uploadDocument } from './upload-request';

type FileUpload = { key: string; file: File; percent: number } & (
  { phase: 'sending' } | { phase: 'done' } | { phase: 'failed'; message: string }
);

interface UploadDocumentsDialogProps {
  open: boolean;
  onClose: () => void;
  /** A file was accepted: the list and the stats are out of date. */
  onUploaded: () => void;
}

/**
 * 'Upload Documents': up to five files, each sent as its own request with its own
 * progress bar, each with its own outcome. Closing the dialog does not stop uploads
 * under way; reopening it shows them.
 */
export function UploadDocumentsDialog({ open, onClose, onUploaded }: UploadDocumentsDialogProps) {
  const csrfToken = useAuthenticityToken();
  const notify = useNotify();
  const { t, i18n } = useTranslation('documents');
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const batch = useRef(0);
  const sending = uploads.some((upload) => upload.phase === 'sending');

  const update = (key: string, change: Partial<FileUpload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? ({ ...upload, ...change } as FileUpload) : upload)),
    );

  const start = (chosen: File[]) => {
    const check = checkUploadSelection(chosen, t, i18n.language);
    if (!check.ok) {
      setRefusal(check.message);
      return;
    }
    setRefusal(null);
    batch.current += 1;
    const started = check.files.map<FileUpload>((file, index) => ({
      key: `${batch.current}-${index}`,
      file,
      percent: 0,
      phase: 'sending',
    }));
    setUploads(started);
    for (const upload of started) {
      void uploadDocument(upload.file, { csrfToken, t, onProgress: (percent) => update(upload.key, { percent }) }).then(
        (outcome) => {
          if (outcome.ok) {
            update(upload.key, { phase: 'done', percent: 100 });
            notify({ type: 'success', title: t('upload.uploaded'), message: upload.file.name });
            onUploaded();
          } else {
            update(upload.key, { phase: 'failed', message: outcome.message });
            notify({
              type: 'error',
              title: t('upload.uploadFailed', { message: outcome.message }),
              message: upload.file.name,
            });
          }
        },
      );
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!sending) start([...event.dataTransfer.files]);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('upload.title')}
      description={t('upload.description', { limits: uploadLimitsText(t), types: acceptedTypesText(t) })}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {sending ? t('upload.closeWhileSending') : t('upload.close')}
        </Button>
      }
    >
      <StyledDropZone
        $active={dragging}
        aria-disabled={sending || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('upload.dropHere')}</p>
        <Button onClick={() => inputRef.current?.click()} disabled={sending}>
          {t('upload.chooseFiles')}
        </Button>
        <input
          ref={inputRef}
          className="visually-hidden"
          type="file"
          multiple
          accept={FILE_PICKER_ACCEPT}
          aria-label={t('upload.filesLabel')}
          tabIndex={-1}
          disabled={sending}
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            // The same files can be chosen again after a refusal.
            event.target.value = '';
          }}
        />
      </StyledDropZone>

      <FormAlert>{refusal}</FormAlert>

      {uploads.length > 0 && (
        <StyledUploadList aria-label={t('upload.uploads')}>
          {uploads.map((upload) => (
            <li key={upload.key}>
              <StyledUploadHeader>
                <span>{upload.file.name}</span>
                {upload.phase === 'sending' && <Badge $tone="info">{upload.percent}%</Badge>}
                {upload.phase === 'done' && <Badge $tone="success">{t('upload.done')}</Badge>}
                {upload.phase === 'failed' && <Badge $tone="danger">{t('upload.failed')}</Badge>}
              </StyledUploadHeader>
              <ProgressBar
                value={upload.percent}
                label={t('upload.progressLabel', { name: upload.file.name })}
                tone={upload.phase === 'failed' ? 'danger' : upload.phase === 'done' ? 'success' : 'primary'}
              />
              {upload.phase === 'failed' && <StyledFailure role="alert">{upload.message}</StyledFailure>}
            </li>
          ))}
        </StyledUploadList>
      )}
    </Dialog>
  );
}

const StyledDropZone = styled.div<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $active }) => ($active ? theme.color.primaryMuted : theme.color.surfaceMuted)};
  text-align: center;

  p {
    margin: 0;
  }
`;

const StyledUploadList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;
`;

const StyledUploadHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};

  span:first-child {
    overflow-wrap: anywhere;
  }
`;

const StyledFailure = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
