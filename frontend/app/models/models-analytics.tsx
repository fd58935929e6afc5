import { COST_SHARE_BASE_WITHOUT_COST, type Model, type ModelStats } from '@docent/common/models';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { NO_FIGURE, useModelFormat } from './model-format';
import { costBreakdownRows } from './model-insights';

/** Analytics: the spec's cost breakdown per model, and the usage figures of GET /api/models/stats. */
export function ModelsAnalytics({ models, stats }: { models: readonly Model[]; stats: ModelStats }) {
  const costId = useId();
  const usageId = useId();
  const { t } = useTranslation('models');
  const format = useModelFormat();
  const rows = costBreakdownRows(models, stats.monthlyCost);
  const costDescription =
    stats.monthlyCost > 0
      ? t('analytics.costDescription', { cost: format.dollars(stats.monthlyCost) })
      : t('analytics.costDescriptionNoCost', { cost: format.wholeDollars(COST_SHARE_BASE_WITHOUT_COST) });
  const usageFigures = [
    { label: t('analytics.totalRequests'), value: format.count(stats.totalRequests) },
    { label: t('analytics.requestsToday'), value: format.count(stats.dailyRequests) },
    { label: t('analytics.successRate'), value: format.percent(stats.successRate) },
    {
      label: t('analytics.averageResponseTime'),
      value: stats.totalRequests > 0 ? format.seconds(stats.averageResponseTime) : NO_FIGURE,
    },
    { label: t('analytics.costThisMonth'), value: format.dollars(stats.monthlyCost) },
    { label: t('analytics.costAllTime'), value: format.dollars(stats.totalCost) },
    {
      label: t('analytics.activeModels'),
      value: t('analytics.activeOfTotal', {
        active: format.count(stats.activeModels),
        total: format.count(stats.totalModels),
      }),
    },
  ];

  return (
    <StyledColumns>
      <Card aria-labelledby={costId}>
        <CardHeader title={t('analytics.costBreakdown')} titleId={costId} description={costDescription} />
        <CardBody>
          {rows.length === 0 ? (
            <StyledMuted>{t('noModels')}</StyledMuted>
          ) : (
            <StyledBars>
              {rows.map((row) => (
                <li key={row.modelId}>
                  <StyledBarText>
                    <span>{row.name}</span>
                    <span>
                      {format.dollars(row.cost)} · {format.percent(row.share)}
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
        <CardHeader title={t('analytics.usage')} titleId={usageId} description={t('analytics.usageDescription')} />
        <CardBody>
          <StyledFigures>
            {usageFigures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </StyledFigures>
          <StyledSubheading>{t('analytics.requestsPerModel')}</StyledSubheading>
          <StyledFigures>
            {models.map((model) => (
              <div key={model.id}>
                <dt>{model.name}</dt>
                <dd>
                  {format.count(model.requests)} ({format.percent(model.usage)})
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
