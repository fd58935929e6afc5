import type { Model, ModelStats } from '@docent/common/models';
import { useId } from 'react';
import styled from 'styled-components';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { formatCount, formatDollars, formatPercent, formatSeconds, NO_FIGURE } from './model-format';
import { costBreakdownRows } from './model-insights';

/** Analytics: the spec's cost breakdown per model, and the usage figures of GET /api/models/stats. */
export function ModelsAnalytics({ models, stats }: { models: readonly Model[]; stats: ModelStats }) {
  const costId = useId();
  const usageId = useId();
  const rows = costBreakdownRows(models, stats.monthlyCost);
  const baseline =
    stats.monthlyCost > 0
      ? `this month's cost (${formatDollars(stats.monthlyCost)})`
      : 'a $4,000 month (no cost this month yet)';
  const usageFigures = [
    { label: 'Total requests', value: formatCount(stats.totalRequests) },
    { label: 'Requests today', value: formatCount(stats.dailyRequests) },
    { label: 'Success rate', value: formatPercent(stats.successRate) },
    {
      label: 'Average response time',
      value: stats.totalRequests > 0 ? formatSeconds(stats.averageResponseTime) : NO_FIGURE,
    },
    { label: 'Cost this month', value: formatDollars(stats.monthlyCost) },
    { label: 'Cost all time', value: formatDollars(stats.totalCost) },
    { label: 'Active models', value: `${formatCount(stats.activeModels)} of ${formatCount(stats.totalModels)}` },
  ];

  return (
    <StyledColumns>
      <Card aria-labelledby={costId}>
        <CardHeader
          title="Cost Breakdown"
          titleId={costId}
          description={`Per model: requests × cost per 1K tokens × 1000 / 30, as a share of ${baseline}.`}
        />
        <CardBody>
          {rows.length === 0 ? (
            <StyledMuted>No models are installed.</StyledMuted>
          ) : (
            <StyledBars>
              {rows.map((row) => (
                <li key={row.modelId}>
                  <StyledBarText>
                    <span>{row.name}</span>
                    <span>
                      {formatDollars(row.cost)} · {formatPercent(row.share)}
                    </span>
                  </StyledBarText>
                  {/* Decoration: the figures are in the text above. */}
                  <StyledTrack aria-hidden="true">
                    <StyledFill style={{ width: `${Math.min(100, row.share)}%` }} />
                  </StyledTrack>
                </li>
              ))}
            </StyledBars>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby={usageId}>
        <CardHeader title="Usage" titleId={usageId} description="Every call through the router, all models together." />
        <CardBody>
          <StyledFigures>
            {usageFigures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </StyledFigures>
          <StyledSubheading>Requests per model</StyledSubheading>
          <StyledFigures>
            {models.map((model) => (
              <div key={model.id}>
                <dt>{model.name}</dt>
                <dd>
                  {formatCount(model.requests)} ({formatPercent(model.usage)})
                </dd>
              </div>
            ))}
          </StyledFigures>
        </CardBody>
      </Card>
    </StyledColumns>
  );
}

const StyledColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledBars = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledBarText = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};

  span:first-child {
    overflow-wrap: anywhere;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  span:last-child {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const StyledTrack = styled.div`
  height: 0.75rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceMuted};
`;

const StyledFill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
`;

const StyledFigures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    font-variant-numeric: tabular-nums;
  }
`;

const StyledSubheading = styled.h3`
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.md};
`;
