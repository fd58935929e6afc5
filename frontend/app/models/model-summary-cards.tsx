import type { ModelStats } from '@docent/common/models';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatCard, StatCardGrid, type StatCardProps } from '~/components/ui/stat-card';
import { NO_FIGURE, useModelFormat, type ModelFormat } from './model-format';

function summaryCards(stats: ModelStats, t: TFunction<'models'>, format: ModelFormat): StatCardProps[] {
  const called = stats.totalRequests > 0;
  return [
    {
      label: t('summary.averageResponseTime'),
      value: called ? format.seconds(stats.averageResponseTime) : NO_FIGURE,
      detail: called ? t('summary.overAllCalls') : t('summary.noCalls'),
      tone: 'info',
    },
    {
      label: t('summary.totalRequests'),
      value: format.count(stats.totalRequests),
      detail: t('summary.today', { requests: format.count(stats.dailyRequests) }),
      tone: 'primary',
    },
    {
      label: t('summary.successRate'),
      value: format.percent(stats.successRate),
      detail: t('summary.modelsActive', {
        active: format.count(stats.activeModels),
        total: format.count(stats.totalModels),
      }),
      tone: 'success',
    },
    {
      label: t('summary.monthlyCost'),
      value: format.dollars(stats.monthlyCost),
      detail: t('summary.allTime', { cost: format.dollars(stats.totalCost) }),
      tone: 'warning',
    },
  ];
}

/** The spec's four summary cards, from GET /api/models/stats. */
export function ModelSummaryCards({ stats }: { stats: ModelStats }) {
  const { t } = useTranslation('models');
  const format = useModelFormat();
  return (
    <StatCardGrid label={t('summary.label')} minCardWidth="13rem">
      {summaryCards(stats, t, format).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StatCardGrid>
  );
}
