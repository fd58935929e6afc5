import type { DashboardMetrics } from '@docent/common/metrics';
import { hasPermission } from '@docent/common/permissions';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Button } from '~/components/forms';
import type { StatusResponse } from '~/components/shell/system-status';
import { Badge } from '~/components/ui/badge';
import { LinkButton } from '~/components/ui/link-button';
import { OfflineNotice, Page, PageHeader, PageHeaderActions } from '~/components/ui/page-layout';
import { Switch } from '~/components/ui/switch';
import { DashboardCharts } from '~/dashboard/dashboard-charts';
import { LiveActivityCard, QuickActionsCard, SystemHealthCard } from '~/dashboard/dashboard-panels';
import { liveActivity } from '~/dashboard/live-activity';
import { MetricCards } from '~/dashboard/metric-cards';
import { SAMPLE_STATUS, sampleDashboard } from '~/dashboard/sample-dashboard';
import { healthRows, systemOperational } from '~/dashboard/system-health';
import { useDashboardLiveUpdates, type LiveMode } from '~/dashboard/use-dashboard-live-updates';
import { useNumberFormats } from '~/dashboard/use-number-formats';
import { anonymousCall, ApiError, signedInApi } from '~/lib/api-client.server';
import { actorOf } from '~/lib/user';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'dashboard') }];

/** The dashboard's metrics and the server's status, read together. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  // Spec section 7: a failed /status returns nothing.
  const statusRead = anonymousCall<StatusResponse>(context, '/status').catch(() => null);
  try {
    const dashboard = await api.call<DashboardMetrics>('/api/metrics/dashboard');
    return data(
      { source: 'server' as const, dashboard, status: await statusRead },
      { headers: await api.cookieHeaders() },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) {
      // The spec's sample values, labelled: the server cannot be reached.
      await statusRead;
      return data({ source: 'sample' as const, dashboard: sampleDashboard(), status: SAMPLE_STATUS });
    }
    if (error.status === 403) {
      return data({ source: 'forbidden' as const, status: await statusRead }, { headers: await api.cookieHeaders() });
    }
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

export const handle = { i18n: 'dashboard' };

export default function DashboardPage() {
  const loaded = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const { t } = useTranslation('dashboard');
  if (loaded.source === 'forbidden' || !hasPermission(actorOf(user), 'dashboard:view')) {
    return (
      <Page>
        <PageHeader>
          <h1>{t('title')}</h1>
        </PageHeader>
        <OfflineNotice role="status">
          <strong>{t('forbidden.title')}</strong>
          <span>{t('forbidden.detail')}</span>
        </OfflineNotice>
      </Page>
    );
  }
  return <Dashboard dashboard={loaded.dashboard} loadedStatus={loaded.status} isSample={loaded.source === 'sample'} />;
}

const LIVE_MODE_TEXT = {
  streaming: 'live.streaming',
  polling: 'live.polling',
  paused: 'live.paused',
} as const satisfies Record<LiveMode, string>;

/** Saves what the page shows as JSON. */
function downloadJson(fileName: string, content: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

function Dashboard({
  dashboard,
  loadedStatus,
  isSample,
}: {
  dashboard: DashboardMetrics;
  loadedStatus: StatusResponse | null;
  isSample: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const format = useNumberFormats();
  const live = useDashboardLiveUpdates(loadedStatus);
  const metrics = live.pushedMetrics ?? dashboard.realtimeMetrics;
  const activity = liveActivity(live.pushedActivity, dashboard, t, format);
  const operational = systemOperational(live.status);

  const exportShown = () => {
    const exportedAt = new Date().toISOString();
    downloadJson(`dashboard-${exportedAt.slice(0, 10)}.json`, {
      exportedAt,
      sampleData: isSample,
      ...dashboard,
      realtimeMetrics: metrics,
      status: live.status,
      activity,
    });
  };

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <StyledBadges aria-label={t('summary.label')}>
            <Badge $tone={operational ? 'success' : 'danger'}>
              {operational ? t('summary.operational') : t('summary.issues')}
            </Badge>
            <Badge $tone="info">{t('summary.activeUsers', { users: format.count(metrics.activeUsers) })}</Badge>
            <Badge $tone="neutral">{t('summary.uptime', { uptime: format.uptime(metrics.uptime) })}</Badge>
          </StyledBadges>
        </div>
        <PageHeaderActions>
          <Switch
            label={t('live.label')}
            checked={live.on}
            onChange={live.toggle}
            description={t(LIVE_MODE_TEXT[live.mode])}
          />
          <Button variant="secondary" onClick={live.refresh} disabled={live.refreshing} busy={live.refreshing}>
            {live.refreshing ? t('actions.refreshing') : t('actions.refresh')}
          </Button>
          <Button variant="secondary" onClick={exportShown}>
            {t('actions.export')}
          </Button>
          <LinkButton to="/settings">{t('actions.settings')}</LinkButton>
        </PageHeaderActions>
      </PageHeader>

      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sample.title')}</strong>
          <span>{t('sample.detail')}</span>
        </OfflineNotice>
      )}

      <MetricCards metrics={metrics} />
      <DashboardCharts series={dashboard.series} />

      <StyledRow>
        <SystemHealthCard rows={healthRows(live.status, t)} />
        <QuickActionsCard />
        <LiveActivityCard items={activity} />
      </StyledRow>
    </Page>
  );
}

const StyledBadges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  align-items: start;
  gap: ${({ theme }) => theme.space.md};

  @media (max-width: 1100px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}
