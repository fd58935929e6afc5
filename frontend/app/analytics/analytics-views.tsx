import type { AnalyticsReport, UsageBreakdown } from '@docent/common/metrics';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { StatCard, StatCardGrid } from '~/components/ui/stat-card';
import { ChartCard } from '~/dashboard/charts/chart-card';
import { useNumberFormats } from '~/dashboard/use-number-formats';
import { bucketLabel } from './analytics-period';
import { BarSeriesChart } from './bar-series-chart';

const CHART_HEIGHT = 220;
const SMALL_CHART_HEIGHT = 180;

/** The three measures of usage over time, each its own chart: they differ in scale. */
const USAGE_MEASURES = [
  { key: 'requests', format: 'count' },
  { key: 'tokens', format: 'count' },
  { key: 'cost', format: 'cost' },
] as const;

export function OverviewView({ report }: { report: AnalyticsReport }) {
  const { overview } = report;
  const { t, i18n } = useTranslation('analytics');
  const format = useNumberFormats();
  // '245 ms' as the overview has always written it; a response time needs no thousands separator.
  const milliseconds = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'millisecond',
    maximumFractionDigits: 0,
    useGrouping: false,
  });
  return (
    <StatCardGrid label={t('tabs.overview')}>
      <StatCard label={t('overview.totalUsers')} value={format.count(overview.totalUsers)} tone="primary" />
      <StatCard
        label={t('overview.documentsProcessed')}
        value={format.count(overview.documentsProcessed)}
        tone="success"
      />
      <StatCard label={t('overview.searchQueries')} value={format.count(overview.searchQueries)} tone="info" />
      <StatCard label={t('overview.chatSessions')} value={format.count(overview.chatSessions)} tone="info" />
      <StatCard
        label={t('overview.averageResponseTime')}
        value={milliseconds.format(overview.averageResponseTime)}
        tone="neutral"
      />
      <StatCard label={t('overview.systemUptime')} value={format.percent(overview.uptimePercent)} tone="success" />
    </StatCardGrid>
  );
}

function CostTable({ title, rows, nameHeading }: { title: string; rows: UsageBreakdown[]; nameHeading: string }) {
  const titleId = useId();
  const { t } = useTranslation('analytics');
  const format = useNumberFormats();
  // Cost first: what each one spent is what readers come for.
  const byCost = [...rows].sort((a, b) => b.cost - a.cost || b.requests - a.requests);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={title} titleId={titleId} level={3} />
      <CardBody>
        {byCost.length === 0 ? (
          <StyledMuted>{t('nothingInPeriod')}</StyledMuted>
        ) : (
          <StyledTableWrap>
            <StyledTable aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">{nameHeading}</th>
                  <th scope="col">{t('columns.cost')}</th>
                  <th scope="col">{t('columns.requests')}</th>
                  <th scope="col">{t('columns.tokens')}</th>
                  <th scope="col">{t('columns.errors')}</th>
                </tr>
              </thead>
              <tbody>
                {byCost.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{row.name}</th>
                    <td>{format.cost(row.cost)}</td>
                    <td>{format.whole(row.requests)}</td>
                    <td>{format.whole(row.tokens)}</td>
                    <td>{format.whole(row.errors)}</td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
        )}
      </CardBody>
    </Card>
  );
}

export function UsageView({ report }: { report: AnalyticsReport }) {
  const { usage, period } = report;
  const topSearchesId = useId();
  const { t } = useTranslation('analytics');
  const format = useNumberFormats();
  const totals = usage.series.reduce(
    (sum, point) => ({
      requests: sum.requests + point.requests,
      tokens: sum.tokens + point.tokens,
      cost: sum.cost + point.cost,
    }),
    { requests: 0, tokens: 0, cost: 0 },
  );
  const busiest = usage.busiestHours.reduce<(typeof usage.busiestHours)[number] | null>(
    (top, hour) => (top && top.requests >= hour.requests ? top : hour),
    null,
  );
  const bucketName = period === '24h' ? t('perHourUtc') : t('perDay');
  const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

  return (
    <StyledStack>
      <StyledThreeColumns>
        {USAGE_MEASURES.map((measure) => {
          const total = totals[measure.key];
          return (
            <ChartCard
              key={measure.key}
              title={t(`measures.${measure.key}.overTime`)}
              summary={t(`measures.${measure.key}.summary`, {
                total: format[measure.format](total),
                buckets: bucketName,
              })}
              height={SMALL_CHART_HEIGHT}
              empty={total === 0 ? t(`measures.${measure.key}.empty`) : null}
              table={{
                caption: t(`measures.${measure.key}.overTime`),
                columns: [
                  period === '24h' ? t('columns.hourUtc') : t('columns.day'),
                  t(`measures.${measure.key}.title`),
                ],
                rows: usage.series.map((point) => [
                  bucketLabel(period, point.start),
                  format[measure.format](point[measure.key]),
                ]),
              }}
            >
              {({ width, height }) => (
                <BarSeriesChart
                  width={width}
                  height={height}
                  formatValue={format[measure.format]}
                  data={usage.series.map((point) => ({
                    key: point.start,
                    label: bucketLabel(period, point.start),
                    value: point[measure.key],
                  }))}
                />
              )}
            </ChartCard>
          );
        })}
      </StyledThreeColumns>

      <StyledTwoColumns>
        <CostTable title={t('costPerModel')} nameHeading={t('columns.model')} rows={usage.byModel} />
        <CostTable title={t('costPerProvider')} nameHeading={t('columns.provider')} rows={usage.byProvider} />
      </StyledTwoColumns>
      <CostTable title={t('costPerUser')} nameHeading={t('columns.user')} rows={usage.byUser} />
      <StyledMuted>
        {t('toolRuns', {
          total: format.count(usage.toolExecutions.total),
          failed: format.count(usage.toolExecutions.failed),
        })}
      </StyledMuted>

      <StyledTwoColumns>
        <Card aria-labelledby={topSearchesId}>
          <CardHeader title={t('topSearches')} titleId={topSearchesId} level={3} />
          <CardBody>
            {usage.topSearches.length === 0 ? (
              <StyledMuted>{t('noSearches')}</StyledMuted>
            ) : (
              <StyledRanked>
                {usage.topSearches.map((search) => (
                  <li key={search.query}>
                    <span>{search.query}</span>
                    <Badge $tone="neutral">{format.whole(search.count)}</Badge>
                  </li>
                ))}
              </StyledRanked>
            )}
          </CardBody>
        </Card>
        <ChartCard
          title={t('busiestHours.title')}
          summary={
            busiest && busiest.requests > 0
              ? t('busiestHours.summary', { hour: hourLabel(busiest.hour), requests: format.count(busiest.requests) })
              : t('busiestHours.summaryEmpty')
          }
          height={CHART_HEIGHT}
          empty={!busiest || busiest.requests === 0 ? t('noRequestsInPeriod') : null}
          table={{
            caption: t('busiestHours.caption'),
            columns: [t('columns.hour'), t('columns.requests')],
            rows: usage.busiestHours.map((hour) => [hourLabel(hour.hour), hour.requests]),
          }}
        >
          {({ width, height }) => (
            <BarSeriesChart
              width={width}
              height={height}
              data={usage.busiestHours.map((hour) => ({
                key: String(hour.hour),
                label: hourLabel(hour.hour),
                value: hour.requests,
              }))}
            />
          )}
        </ChartCard>
      </StyledTwoColumns>
    </StyledStack>
  );
}

function ErrorRateTable({
  title,
  heading,
  rows,
}: {
  title: string;
  heading: string;
  rows: { name: string; requests: number; errors: number; errorRate: number }[];
}) {
  const titleId = useId();
  const { t } = useTranslation('analytics');
  const format = useNumberFormats();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={title} titleId={titleId} level={3} />
      <CardBody>
        {rows.length === 0 ? (
          <StyledMuted>{t('noRequestsInPeriod')}</StyledMuted>
        ) : (
          <StyledTableWrap>
            <StyledTable aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">{heading}</th>
                  <th scope="col">{t('columns.errorRate')}</th>
                  <th scope="col">{t('columns.errors')}</th>
                  <th scope="col">{t('columns.requests')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.name}</th>
                    <td>{format.percent(row.errorRate * 100)}</td>
                    <td>{format.whole(row.errors)}</td>
                    <td>{format.whole(row.requests)}</td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
        )}
      </CardBody>
    </Card>
  );
}

export function HealthView({ report }: { report: AnalyticsReport }) {
  const { health } = report;
  const historyId = useId();
  const { t } = useTranslation('analytics');
  const format = useNumberFormats();
  const msOrNone = (value: number | null) => (value === null ? t('noRequests') : format.milliseconds(value));
  return (
    <StyledStack>
      <StatCardGrid label={t('latency.label')}>
        <StatCard label={t('latency.p50')} value={msOrNone(health.latency.p50)} tone="success" />
        <StatCard label={t('latency.p95')} value={msOrNone(health.latency.p95)} tone="warning" />
        <StatCard label={t('latency.p99')} value={msOrNone(health.latency.p99)} tone="danger" />
      </StatCardGrid>
      <StyledTwoColumns>
        <ErrorRateTable
          title={t('errorRatesByRoute')}
          heading={t('columns.route')}
          rows={health.errorRatesByRoute.map((row) => ({ ...row, name: row.route }))}
        />
        <ErrorRateTable
          title={t('errorRatesByModel')}
          heading={t('columns.model')}
          rows={health.errorRatesByModel.map((row) => ({ ...row, name: row.model }))}
        />
      </StyledTwoColumns>
      <Card aria-labelledby={historyId}>
        <CardHeader title={t('componentHistory')} titleId={historyId} level={3} />
        <CardBody>
          {health.componentHistory.length === 0 ? (
            <StyledMuted>{t('noSamples')}</StyledMuted>
          ) : (
            <StyledTableWrap>
              <StyledTable aria-labelledby={historyId}>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.component')}</th>
                    <th scope="col">{t('columns.ready')}</th>
                    <th scope="col">{t('columns.samples')}</th>
                    <th scope="col">{t('columns.latest')}</th>
                  </tr>
                </thead>
                <tbody>
                  {health.componentHistory.map(({ component, samples }) => {
                    const ready = samples.filter((sample) => sample.status === 'ready').length;
                    const latest = samples.reduce<(typeof samples)[number] | null>(
                      (last, sample) => (last && last.at >= sample.at ? last : sample),
                      null,
                    );
                    return (
                      <tr key={component}>
                        <th scope="row">{component}</th>
                        <td>{samples.length === 0 ? '—' : format.percent((ready / samples.length) * 100)}</td>
                        <td>{format.whole(samples.length)}</td>
                        <td>
                          {latest ? (
                            <Badge $tone={latest.status === 'ready' ? 'success' : 'warning'}>{latest.status}</Badge>
                          ) : (
                            '—'
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </StyledTable>
            </StyledTableWrap>
          )}
        </CardBody>
      </Card>
    </StyledStack>
  );
}

const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledTwoColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: start;

  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const StyledThreeColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const StyledTableWrap = styled.div`
  overflow-x: auto;
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-child {
    text-align: left;
    white-space: normal;
    overflow-wrap: anywhere;
  }
  thead th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const StyledRanked = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};

  li span {
    margin-right: ${({ theme }) => theme.space.sm};
    overflow-wrap: anywhere;
  }
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
