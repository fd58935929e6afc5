import type { DashboardMetrics } from '@docent/common/metrics';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { ChartCard, utcHourLabel } from './charts/chart-card';
import { ModelPerformanceChart } from './charts/model-performance-chart';
import { ModelUsageChart, providerColour } from './charts/model-usage-chart';
import { ResponseTimesChart } from './charts/response-times-chart';
import { useNumberFormats } from './use-number-formats';

const CHART_HEIGHT = 220;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The charts block: AI Model Performance, Model Usage and Response Times, from the dashboard's series. */
export function DashboardCharts({ series }: { series: DashboardMetrics['series'] }) {
  const theme = useTheme();
  const { t } = useTranslation('dashboard');
  const format = useNumberFormats();
  const msOrNone = (value: number | null) => (value === null ? t('charts.noRequests') : format.milliseconds(value));
  const { hourly, twoHourly, providerShare } = series;
  const requests = sum(hourly.map((point) => point.requests));
  const errors = sum(hourly.map((point) => point.errors));
  const modelCalls = sum(hourly.map((point) => point.modelCalls));
  const tokens = sum(hourly.map((point) => point.tokens));
  const cost = sum(hourly.map((point) => point.cost));
  const timed = twoHourly.filter((point) => point.averageResponseTime !== null);
  const slowest = timed.reduce<(typeof timed)[number] | null>(
    (worst, point) => (worst && (worst.averageResponseTime ?? 0) >= (point.averageResponseTime ?? 0) ? worst : point),
    null,
  );

  return (
    <StyledCharts aria-label={t('charts.label')}>
      <StyledWide>
        <ChartCard
          title={t('charts.performance.title')}
          summary={t('charts.performance.summary', {
            requests: format.count(requests),
            failed: format.count(errors),
            modelCalls: format.count(modelCalls),
            tokens: format.count(tokens),
            cost: format.cost(cost),
          })}
          height={CHART_HEIGHT}
          empty={requests + modelCalls === 0 ? t('charts.performance.empty') : null}
          table={{
            caption: t('charts.performance.caption'),
            columns: [
              t('charts.performance.hour'),
              t('charts.performance.apiRequests'),
              t('charts.performance.failed'),
              t('charts.performance.modelCalls'),
              t('charts.performance.tokens'),
              t('charts.performance.cost'),
              t('charts.performance.averageResponseTime'),
            ],
            rows: hourly.map((point) => [
              utcHourLabel(point.start),
              point.requests,
              point.errors,
              point.modelCalls,
              point.tokens,
              format.cost(point.cost),
              msOrNone(point.averageResponseTime),
            ]),
          }}
        >
          {({ width, height }) => <ModelPerformanceChart width={width} height={height} points={hourly} />}
        </ChartCard>
      </StyledWide>

      <ChartCard
        title={t('charts.usage.title')}
        summary={
          providerShare.length === 0
            ? t('charts.usage.summaryEmpty')
            : t('charts.usage.summary', {
                shares: providerShare
                  .map((share) =>
                    t('charts.usage.share', {
                      provider: share.displayName,
                      percent: format.wholePercent(share.percent),
                    }),
                  )
                  .join(', '),
              })
        }
        height={CHART_HEIGHT - 60}
        empty={providerShare.length === 0 ? t('charts.usage.empty') : null}
        footer={
          providerShare.length > 0 && (
            <StyledLegend aria-label={t('charts.usage.legend')}>
              {providerShare.map((share, index) => (
                <li key={share.provider}>
                  <StyledSwatch style={{ background: providerColour(theme, index) }} aria-hidden="true" />
                  {share.displayName} <strong>{format.wholePercent(share.percent)}</strong>
                </li>
              ))}
            </StyledLegend>
          )
        }
        table={{
          caption: t('charts.usage.caption'),
          columns: [t('charts.usage.provider'), t('charts.usage.modelCalls'), t('charts.usage.shareColumn')],
          rows: providerShare.map((share) => [share.displayName, share.requests, format.wholePercent(share.percent)]),
        }}
      >
        {({ width, height }) => <ModelUsageChart width={width} height={height} shares={providerShare} />}
      </ChartCard>

      <ChartCard
        title={t('charts.responseTimes.title')}
        summary={
          slowest
            ? t(
                slowest.p95ResponseTime === null
                  ? 'charts.responseTimes.summary'
                  : 'charts.responseTimes.summaryWithP95',
                {
                  from: utcHourLabel(slowest.start),
                  average: msOrNone(slowest.averageResponseTime),
                  p95: msOrNone(slowest.p95ResponseTime),
                },
              )
            : t('charts.responseTimes.summaryEmpty')
        }
        height={CHART_HEIGHT}
        empty={timed.length === 0 ? t('charts.responseTimes.empty') : null}
        table={{
          caption: t('charts.responseTimes.caption'),
          columns: [
            t('charts.responseTimes.from'),
            t('charts.responseTimes.requests'),
            t('charts.responseTimes.average'),
            t('charts.responseTimes.p95'),
          ],
          rows: twoHourly.map((point) => [
            utcHourLabel(point.start),
            point.requests,
            msOrNone(point.averageResponseTime),
            msOrNone(point.p95ResponseTime),
          ]),
        }}
      >
        {({ width, height }) => <ResponseTimesChart width={width} height={height} points={twoHourly} />}
      </ChartCard>
    </StyledCharts>
  );
}

const StyledCharts = styled.section`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};

  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const StyledWide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const StyledLegend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const StyledSwatch = styled.span`
  display: inline-block;
  width: 0.75rem;
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.sm};
`;
