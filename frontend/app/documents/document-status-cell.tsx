import type { DocumentStatus, DocumentView } from '@docent/common/documents';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { ProgressBar } from '~/components/ui/progress-bar';

const STATUS_TONES: Record<DocumentStatus, BadgeTone> = {
  uploading: 'info',
  indexing: 'info',
  processing: 'warning',
  processed: 'success',
  failed: 'danger',
};

/** The status badge, with the pipeline's stage and percent while it works and the reason when it failed. */
export function DocumentStatusCell({ document }: { document: DocumentView }) {
  const { t } = useTranslation('documents');
  const label = t(`status.${document.status}`);
  const { progress } = document;
  return (
    <StyledStatus>
      <Badge $tone={STATUS_TONES[document.status]} title={document.failureReason ?? undefined}>
        {label}
      </Badge>
      {progress && (document.status === 'indexing' || document.status === 'processing') && (
        <StyledProgress>
          <span>{t('progress', { stage: progress.stage, percent: Math.round(progress.percent) })}</span>
          <ProgressBar
            value={progress.percent}
            label={t('progressLabel', { status: label, name: document.name, stage: progress.stage })}
          />
        </StyledProgress>
      )}
      {document.status === 'failed' && document.failureReason && <StyledReason>{document.failureReason}</StyledReason>}
    </StyledStatus>
  );
}

const StyledStatus = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 8rem;
`;

const StyledProgress = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  width: 100%;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledReason = styled.span`
  max-width: 16rem;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.danger};
  overflow-wrap: anywhere;
`;
