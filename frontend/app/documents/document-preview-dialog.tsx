import type { DocumentPreview, DocumentView } from '@docent/common/documents';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, FormAlert } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { fetchRouteJson } from '~/lib/route-json';

type PreviewState =
  { phase: 'loading' } | { phase: 'shown'; preview: DocumentPreview } | { phase: 'failed'; message: string };

const LOADING: PreviewState = { phase: 'loading' };

/** The web app's preview route (routes/documents.$documentId.preview.ts). */
const previewHref = (documentId: string, page: number) =>
  `/documents/${encodeURIComponent(documentId)}/preview?page=${page}`;

/** 'Preview Document': the extracted text, a page at a time. */
export function DocumentPreviewDialog({
  document,
  onClose,
}: {
  document: Pick<DocumentView, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const [page, setPage] = useState(1);
  // The last page that came back (or failed), and which it was: the page asked for since is loading.
  const [loaded, setLoaded] = useState<{ href: string; state: PreviewState } | null>(null);
  const href = previewHref(document.id, page);
  const state = loaded?.href === href ? loaded.state : LOADING;

  useEffect(() => {
    const controller = new AbortController();
    const show = (outcome: PreviewState) => setLoaded({ href, state: outcome });
    fetchRouteJson<DocumentPreview>(href, { signal: controller.signal })
      .then((preview) => show({ phase: 'shown', preview }))
      .catch((error: Error) => {
        if (!controller.signal.aborted) show({ phase: 'failed', message: error.message });
      });
    return () => controller.abort();
  }, [href]);

  const pageCount = state.phase === 'shown' ? state.preview.pageCount : null;
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('preview.title', { name: document.name })}
      description={t('preview.description')}
      footer={
        <StyledPager>
          <Button
            variant="secondary"
            onClick={() => setPage(page - 1)}
            disabled={page <= 1 || state.phase === 'loading'}
          >
            {t('preview.previousPage')}
          </Button>
          <span aria-live="polite">
            {pageCount !== null
              ? t('preview.pageOf', { page, pages: Math.max(pageCount, 1) })
              : t('preview.page', { page })}
          </span>
          <Button
            variant="secondary"
            onClick={() => setPage(page + 1)}
            disabled={pageCount === null || page >= pageCount || state.phase !== 'shown'}
          >
            {t('preview.nextPage')}
          </Button>
        </StyledPager>
      }
    >
      {state.phase === 'loading' && <Spinner label={t('preview.loading')} />}
      {state.phase === 'failed' && <FormAlert>{state.message}</FormAlert>}
      {state.phase === 'shown' &&
        (state.preview.text.trim() === '' ? (
          <p>{t('preview.noText')}</p>
        ) : (
          <StyledText tabIndex={0} aria-label={t('preview.textLabel', { page })}>
            {state.preview.text}
          </StyledText>
        ))}
    </Dialog>
  );
}

const StyledPager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const StyledText = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
  background: ${({ theme }) => theme.color.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.md};
`;
