import { INTELLIGENCE_STATS_POLL_INTERVAL_MS } from '@docent/common/search';
import { MODELS_POLL_INTERVAL_MS } from '@docent/common/models';
import { PERFORMANCE_SAMPLE_SIZE, type LatencySummary, type PerformanceResponse } from '@docent/common/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { DateTime } from '~/components/ui/date-time';
import { StatCard, StatCardGrid } from '~/components/ui/stat-card';
import { StyledMuted, StyledRows, StyledRowText, StyledTabContent } from './settings-layout';

const SECOND_MS = 1000;

/** How fast the server answered this user: their own latest searches and chat answers. */
export function PerformanceTab({ performance }: { performance: Omit<PerformanceResponse, 'success'> }) {
  const { t } = useTranslation('settings');
  return (
    <StyledTabContent>
      <LatencyCard
        title={t('performance.searches')}
        description={t('performance.searchesDescription', { count: PERFORMANCE_SAMPLE_SIZE })}
        empty={t('performance.noSearches')}
        summary={performance.search}
      />
      <LatencyCard
        title={t('performance.chats')}
        description={t('performance.chatsDescription', { count: PERFORMANCE_SAMPLE_SIZE })}
        empty={t('performance.noChats')}
        summary={performance.chat}
      />
      <CacheCard />
    </StyledTabContent>
  );
}

interface LatencyCardProps {
  title: string;
  description: string;
  /** What the card says before there is any sample. */
  empty: string;
  summary: LatencySummary;
}

function LatencyCard({ title, description, empty, summary }: LatencyCardProps) {
  const titleId = useId();
  const { t, i18n } = useTranslation('settings');
  const ms = (value: number | null) =>
    value === null ? '—' : t('performance.milliseconds', { value: value.toLocaleString(i18n.language) });
  const failed = summary.samples.filter((sample) => !sample.success).length;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={title} titleId={titleId} description={description} />
      <CardBody>
        {summary.samples.length === 0 ? (
          <StyledMuted>{empty}</StyledMuted>
        ) : (
          <>
            <StatCardGrid label={t('performance.latency', { title })}>
              <StatCard label={t('performance.median')} value={ms(summary.p50Ms)} tone="primary" />
              <StatCard label={t('performance.p95')} value={ms(summary.p95Ms)} tone="info" />
              <StatCard
                label={t('performance.measured')}
                tone={failed ? 'warning' : 'success'}
                value={String(summary.samples.length)}
                detail={failed ? t('performance.failedCount', { count: failed }) : undefined}
              />
            </StatCardGrid>
            <StyledRows aria-label={t('performance.latest', { title })}>
              {summary.samples.slice(0, 10).map((sample) => (
                <li key={sample.at}>
                  <StyledRowText>
                    <DateTime value={sample.at} />
                  </StyledRowText>
                  <span>
                    {ms(sample.latencyMs)}
                    {sample.success ? '' : t('performance.failed')}
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
  const { t, i18n } = useTranslation('settings');
  const seconds = (milliseconds: number) => (milliseconds / SECOND_MS).toLocaleString(i18n.language);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('performance.cache')} titleId={titleId} />
      <CardBody>
        <StyledMuted>
          {t('performance.cacheNote', {
            models: seconds(MODELS_POLL_INTERVAL_MS),
            intelligence: seconds(INTELLIGENCE_STATS_POLL_INTERVAL_MS),
          })}
        </StyledMuted>
      </CardBody>
    </Card>
  );
}
