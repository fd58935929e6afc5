import type { ChunkPositionView } from '@docent/common/search';
import type { TFunction } from 'i18next';

/** Where a passage sits, as a reader would say it: 'Page 3', 'Sheet Budget, rows 2–9', 'Slide 4 (notes)', 'Setup › Install'. */
export function describePosition(position: ChunkPositionView, t: TFunction<'search'>): string | null {
  const parts: string[] = [];
  if (position.page !== undefined) parts.push(t('position.page', { page: position.page }));
  if (position.sheet !== undefined) {
    const { sheet, row, rowEnd } = position;
    parts.push(
      row === undefined
        ? t('position.sheet', { sheet })
        : rowEnd !== undefined && rowEnd !== row
          ? t('position.sheetRows', { sheet, row, rowEnd })
          : t('position.sheetRow', { sheet, row }),
    );
  }
  if (position.slide !== undefined) {
    parts.push(t(position.notes ? 'position.slideNotes' : 'position.slide', { slide: position.slide }));
  }
  if (position.headingPath && position.headingPath.length > 0) parts.push(position.headingPath.join(' › '));
  return parts.length > 0 ? parts.join(' · ') : null;
}
