import type { ChunkPositionView, TextRange } from '@docent/common/search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { DocumentPreviewDialog } from '~/documents/document-preview-dialog';
import { describePosition } from './chunk-position';
import { HighlightedText } from './highlighted-text';

/** A passage to read: a search hit's whole chunk, or the snippet an answer cites. */
export interface Passage {
  /** The dialog's title: 'Passage' or 'Source [2]'. */
  title: string;
  documentId: string;
  documentName: string;
  position: ChunkPositionView;
  text: string;
  ranges: readonly TextRange[];
}

/** The passage with its document and position; from here the whole document's preview is a click away. */
export function PassageDialog({ passage, onClose }: { passage: Passage; onClose: () => void }) {
  const { t } = useTranslation('search');
  const [previewing, setPreviewing] = useState(false);
  if (previewing) {
    return (
      <DocumentPreviewDialog document={{ id: passage.documentId, name: passage.documentName }} onClose={onClose} />
    );
  }
  const position = describePosition(passage.position, t);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('passage.title', { title: passage.title, name: passage.documentName })}
      description={position ?? t('passage.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('passage.close')}
          </Button>
          <Button onClick={() => setPreviewing(true)}>{t('passage.openPreview')}</Button>
        </>
      }
    >
      <StyledPassage tabIndex={0} aria-label={t('passage.textLabel')}>
        <HighlightedText text={passage.text} ranges={passage.ranges} />
      </StyledPassage>
    </Dialog>
  );
}

const StyledPassage = styled.blockquote`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.6;
  background: ${({ theme }) => theme.color.surfaceMuted};
  border-left: 4px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
