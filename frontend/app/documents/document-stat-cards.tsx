import type { DocumentStats } from '@docent/common/documents';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatCard, StatCardGrid, type StatCardProps } from '~/components/ui/stat-card';
import { formatSize } from './file-size';

function statCards(stats: DocumentStats, t: TFunction<'documents'>, language: string): StatCardProps[] {
  const count = new Intl.NumberFormat(language);
  return [
    {
      label: t('stats.total'),
      value: count.format(stats.totalDocuments),
      detail: t('stats.chunksIndexed', { count: stats.totalChunks }),
      tone: 'primary',
    },
    { label: t('stats.processed'), value: count.format(stats.processed), tone: 'success' },
    {
      label: t('stats.processing'),
      value: count.format(stats.processing),
      detail: t('stats.processingDetail'),
      tone: 'info',
    },
    { label: t('stats.failed'), value: count.format(stats.failed), tone: 'danger' },
    { label: t('stats.totalSize'), value: formatSize(stats.totalSize, language), tone: 'neutral' },
  ];
}

/** The spec's five stat cards, from GET /api/documents/stats. */
export function DocumentStatCards({ stats }: { stats: DocumentStats }) {
  const { t, i18n } = useTranslation('documents');
  return (
    <StatCardGrid label={t('stats.label')}>
      {statCards(stats, t, i18n.language).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StatCardGrid>
  );
}
