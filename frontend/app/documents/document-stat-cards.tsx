import { formatFileSize, type DocumentStats } from '@docent/common/documents';
import { StatCard, StatCardGrid, type StatCardProps } from '~/components/ui/stat-card';

const count = new Intl.NumberFormat('en');

function statCards(stats: DocumentStats): StatCardProps[] {
  return [
    {
      label: 'Total Documents',
      value: count.format(stats.totalDocuments),
      detail: `${count.format(stats.totalChunks)} ${stats.totalChunks === 1 ? 'chunk' : 'chunks'} indexed`,
      tone: 'primary',
    },
    { label: 'Processed', value: count.format(stats.processed), tone: 'success' },
    {
      label: 'Processing',
      value: count.format(stats.processing),
      detail: 'Uploading, indexing or processing',
      tone: 'info',
    },
    { label: 'Failed', value: count.format(stats.failed), tone: 'danger' },
    { label: 'Total Size', value: formatFileSize(stats.totalSize), tone: 'neutral' },
  ];
}

/** The spec's five stat cards, from GET /api/documents/stats. */
export function DocumentStatCards({ stats }: { stats: DocumentStats }) {
  return (
    <StatCardGrid label="Document statistics">
      {statCards(stats).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StatCardGrid>
  );
}
