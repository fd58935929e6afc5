import type { IntelligenceStats } from '@docent/common/search';
import { StatCard, StatCardGrid, type StatCardProps } from '~/components/ui/stat-card';

const count = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

function statCards(stats: IntelligenceStats): StatCardProps[] {
  return [
    {
      label: 'Success Rate',
      value: `${percent.format(stats.successRate)}%`,
      detail: 'Of searches and questions',
      tone: 'success',
    },
    {
      label: 'Total Queries',
      value: count.format(stats.totalQueries),
      detail:
        stats.totalQueries > 0
          ? `${count.format(Math.round(stats.averageResponseTime))} ms on average`
          : 'No queries yet',
      tone: 'primary',
    },
    { label: 'Search Queries', value: count.format(stats.searchQueries), tone: 'info' },
    {
      label: 'Chat Sessions',
      value: count.format(stats.chatQueries),
      detail: 'Questions asked in chat',
      tone: 'warning',
    },
  ];
}

/** The spec's four Intelligence figures, from GET /api/intelligence/stats. */
export function IntelligenceStatCards({ stats }: { stats: IntelligenceStats }) {
  return (
    <StatCardGrid label="Intelligence statistics" minCardWidth="12rem">
      {statCards(stats).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StatCardGrid>
  );
}
