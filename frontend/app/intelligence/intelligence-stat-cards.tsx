import type { IntelligenceStats } from '@docent/common/search';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatCard, StatCardGrid, type StatCardProps } from '~/components/ui/stat-card';

function statCards(stats: IntelligenceStats, t: TFunction<'intelligence'>, language: string): StatCardProps[] {
  const count = new Intl.NumberFormat(language);
  return [
    {
      label: t('stats.successRate'),
      value: t('stats.successRateValue', { value: stats.successRate }),
      detail: t('stats.successRateDetail'),
      tone: 'success',
    },
    {
      label: t('stats.totalQueries'),
      value: count.format(stats.totalQueries),
      detail:
        stats.totalQueries > 0
          ? t('stats.averageTime', { ms: Math.round(stats.averageResponseTime) })
          : t('stats.noQueries'),
      tone: 'primary',
    },
    { label: t('stats.searchQueries'), value: count.format(stats.searchQueries), tone: 'info' },
    {
      label: t('stats.chatSessions'),
      value: count.format(stats.chatQueries),
      detail: t('stats.chatSessionsDetail'),
      tone: 'warning',
    },
  ];
}

/** The spec's four Intelligence figures, from GET /api/intelligence/stats. */
export function IntelligenceStatCards({ stats }: { stats: IntelligenceStats }) {
  const { t, i18n } = useTranslation('intelligence');
  return (
    <StatCardGrid label={t('stats.label')} minCardWidth="12rem">
      {statCards(stats, t, i18n.language).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StatCardGrid>
  );
}
