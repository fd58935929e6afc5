import type { ChunkPositionView } from '@docent/common/search';

/** Where a passage sits, as a reader would say it: 'Page 3', 'Sheet Budget, rows 2–9', 'Slide 4 (notes)', 'Setup › Install'. */
export function describePosition(position: ChunkPositionView): string | null {
  const parts: string[] = [];
  if (position.page !== undefined) parts.push(`Page ${position.page}`);
  if (position.sheet !== undefined) {
    const rows =
      position.row === undefined
        ? ''
        : position.rowEnd !== undefined && position.rowEnd !== position.row
          ? `, rows ${position.row}–${position.rowEnd}`
          : `, row ${position.row}`;
    parts.push(`Sheet ${position.sheet}${rows}`);
  }
  if (position.slide !== undefined) parts.push(`Slide ${position.slide}${position.notes ? ' (notes)' : ''}`);
  if (position.headingPath && position.headingPath.length > 0) parts.push(position.headingPath.join(' › '));
  return parts.length > 0 ? parts.join(' · ') : null;
}
