import type { DashboardMetrics } from '@docent/common/metrics';
import styled, { useTheme } from 'styled-components';
import { ChartCard, utcHourLabel } from './charts/chart-card';
import { ModelPerformanceChart } from './charts/model-performance-chart';
import { ModelUsageChart, providerColour } from './charts/model-usage-chart';
import { ResponseTimesChart } from './charts/response-times-chart';
import { formatCost, formatCount, formatMilliseconds } from './dashboard-format';

const CHART_HEIGHT = 220;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const msOrNone = (value: number | null) => (value === null ? 'no requests' : formatMilliseconds(value));

/** The charts block: AI Model Performance, Model Usage and Response Times, from the dashboard's series. */
export function DashboardCharts({ series }: { series: DashboardMetrics['series'] }) {
  const theme = useTheme();
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
    <StyledCharts aria-label="Charts">
      <StyledWide>
        <ChartCard
          title="AI Model Performance"
          summary={`Last 24 hours by hour (UTC): ${formatCount(requests)} API requests (bars), ${formatCount(errors)} failed (red), ${formatCount(modelCalls)} model calls (line) using ${formatCount(tokens)} tokens for ${formatCost(cost)}.`}
          height={CHART_HEIGHT}
          empty={requests + modelCalls === 0 ? 'No requests in the last 24 hours.' : null}
          table={{
            caption: 'AI Model Performance, hourly, last 24 hours (UTC)',
            columns: ['Hour', 'API requests', 'Failed', 'Model calls', 'Tokens', 'Cost', 'Average response time'],
            rows: hourly.map((point) => [
              utcHourLabel(point.start),
              point.requests,
              point.errors,
              point.modelCalls,
              point.tokens,
              formatCost(point.cost),
              msOrNone(point.averageResponseTime),
            ]),
          }}
        >
          {({ width, height }) => <ModelPerformanceChart width={width} height={height} points={hourly} />}
        </ChartCard>
      </StyledWide>

      <ChartCard
        title="Model Usage"
        summary={
          providerShare.length === 0
            ? 'Share of model calls by provider over the last 24 hours.'
            : `Share of model calls by provider over the last 24 hours: ${providerShare.map((share) => `${share.displayName} ${share.percent}%`).join(', ')}.`
        }
        height={CHART_HEIGHT - 60}
        empty={providerShare.length === 0 ? 'No model calls in the last 24 hours.' : null}
        footer={
          providerShare.length > 0 && (
            <StyledLegend aria-label="Model Usage legend">
              {providerShare.map((share, index) => (
                <li key={share.provider}>
                  <StyledSwatch style={{ background: providerColour(theme, index) }} aria-hidden="true" />
                  {share.displayName} <strong>{share.percent}%</strong>
                </li>
              ))}
            </StyledLegend>
          )
        }
        table={{
          caption: 'Model Usage by provider, last 24 hours',
          columns: ['Provider', 'Model calls', 'Share'],
          rows: providerShare.map((share) => [share.displayName, share.requests, `${share.percent}%`]),
        }}
      >
        {({ width, height }) => <ModelUsageChart width={width} height={height} shares={providerShare} />}
      </ChartCard>

      <ChartCard
        title="Response Times"
        summary={
          slowest
            ? `Last 24 hours in two-hour periods (UTC): average (solid) and 95th percentile (dashed). Slowest period from ${utcHourLabel(slowest.start)}: average ${msOrNone(slowest.averageResponseTime)}${slowest.p95ResponseTime === null ? '' : `, 95% under ${msOrNone(slowest.p95ResponseTime)}`}.`
            : 'Last 24 hours in two-hour periods (UTC): average and 95th percentile response times.'
        }
        height={CHART_HEIGHT}
        empty={timed.length === 0 ? 'No requests in the last 24 hours.' : null}
        table={{
          caption: 'Response Times, two-hourly, last 24 hours (UTC)',
          columns: ['From', 'Requests', 'Average', '95th percentile'],
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
