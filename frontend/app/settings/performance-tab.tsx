import { INTELLIGENCE_STATS_POLL_INTERVAL_MS } from '@docent/common/search';
import { MODELS_POLL_INTERVAL_MS } from '@docent/common/models';
import { PERFORMANCE_SAMPLE_SIZE, type LatencySummary, type PerformanceResponse } from '@docent/common/settings';
import { useId } from 'react';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { DateTime } from '~/components/ui/date-time';
import { StatCard, StatCardGrid } from '~/components/ui/stat-card';
import { StyledMuted, StyledRows, StyledRowText, StyledTabContent } from './settings-layout';

const ms = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en')} ms`);
const seconds = (milliseconds: number) => `${milliseconds / 1000} s`;

/** How fast the server answered this user: their own latest searches and chat answers. */
export function PerformanceTab({ performance }: { performance: Omit<PerformanceResponse, 'success'> }) {
  return (
    <StyledTabContent>
      <LatencyCard title="Your searches" what="searches" summary={performance.search} />
      <LatencyCard title="Your chat answers" what="chat answers" summary={performance.chat} />
      <CacheCard />
    </StyledTabContent>
  );
}

function LatencyCard({ title, what, summary }: { title: string; what: string; summary: LatencySummary }) {
  const titleId = useId();
  const failed = summary.samples.filter((sample) => !sample.success).length;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title={title}
        titleId={titleId}
        description={`Measured by the server, from your last ${PERFORMANCE_SAMPLE_SIZE} ${what} at most.`}
      />
      <CardBody>
        {summary.samples.length === 0 ? (
          <StyledMuted>No {what} yet.</StyledMuted>
        ) : (
          <>
            <StatCardGrid label={`${title}: latency`}>
              <StatCard label="Median (p50)" value={ms(summary.p50Ms)} tone="primary" />
              <StatCard label="95th percentile (p95)" value={ms(summary.p95Ms)} tone="info" />
              <StatCard
                label="Measured"
                tone={failed ? 'warning' : 'success'}
                value={String(summary.samples.length)}
                detail={failed ? `${failed} failed` : undefined}
              />
            </StatCardGrid>
            <StyledRows aria-label={`${title}: latest`}>
              {summary.samples.slice(0, 10).map((sample) => (
                <li key={sample.at}>
                  <StyledRowText>
                    <DateTime value={sample.at} />
                  </StyledRowText>
                  <span>
                    {ms(sample.latencyMs)}
                    {sample.success ? '' : ' (failed)'}
                  </span>
                </li>
              ))}
            </StyledRows>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function CacheCard() {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title="Client cache" titleId={titleId} />
      <CardBody>
        <StyledMuted>
          There are no cache settings: the browser keeps no copies of server data. Every page loads what it shows from
          the server when it opens, and some refresh on their own (models every {seconds(MODELS_POLL_INTERVAL_MS)},
          intelligence statistics every {seconds(INTELLIGENCE_STATS_POLL_INTERVAL_MS)}
          ).
        </StyledMuted>
      </CardBody>
    </Card>
  );
}
