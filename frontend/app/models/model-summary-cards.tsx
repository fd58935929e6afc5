import type { ModelStats } from '@docent/common/models';
import styled from 'styled-components';
import type { BadgeTone } from '~/components/ui/badge';
import { formatCount, formatDollars, formatPercent, formatSeconds, NO_FIGURE } from './model-format';

interface SummaryCard {
  label: string;
  value: string;
  detail: string;
  tone: BadgeTone;
}

function summaryCards(stats: ModelStats): SummaryCard[] {
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
    <StyledStatList aria-label="Model statistics">
      {summaryCards(stats).map((card) => (
        <StyledStatCard key={card.label} $tone={card.tone}>
          <dt>{card.label}</dt>
          <dd>
            <strong>{card.value}</strong>
            <span>{card.detail}</span>
          </dd>
        </StyledStatCard>
      ))}
    </StyledStatList>
  );
}

const StyledStatList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
`;

const StyledStatCard = styled.div<{ $tone: BadgeTone }>`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme, $tone }) => ($tone === 'neutral' ? theme.color.border : theme.color[$tone])};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    display: flex;
    flex-direction: column;
    margin: ${({ theme }) => theme.space.xs} 0 0;
  }

  strong {
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    line-height: 1.2;
  }

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;
