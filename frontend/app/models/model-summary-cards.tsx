import type { ModelStats } from '@docent/common/models';
import { StatCard, StatCardGrid, type StatCardProps } from '~/components/ui/stat-card';
import { formatCount, formatDollars, formatPercent, formatSeconds, NO_FIGURE } from './model-format';

function summaryCards(stats: ModelStats): StatCardProps[] {
  const called = stats.totalRequests > 0;
  return [
    {
      label: 'Average Response Time',
      value: called ? formatSeconds(stats.averageResponseTime) : NO_FIGURE,
      detail: called ? 'Over all calls' : 'No calls yet',
      tone: 'info',
    },
    {
      label: 'Total Requests',
      value: formatCount(stats.totalRequests),
      detail: `${formatCount(stats.dailyRequests)} today`,
      tone: 'primary',
    },
    {
      label: 'Success Rate',
      value: formatPercent(stats.successRate),
      detail: `${formatCount(stats.activeModels)} of ${formatCount(stats.totalModels)} models active`,
      tone: 'success',
    },
    {
      label: 'Monthly Cost',
      value: formatDollars(stats.monthlyCost),
      detail: `${formatDollars(stats.totalCost)} all time`,
      tone: 'warning',
    },
  ];
}

/** The spec's four summary cards, from GET /api/models/stats. */
export function ModelSummaryCards({ stats }: { stats: ModelStats }) {
  return (
    <StatCardGrid label="Model statistics" minCardWidth="13rem">
      {summaryCards(stats).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StatCardGrid>
  );
}
