import { ANALYTICS_PERIODS, type AnalyticsReport } from '@docent/common/metrics';
import { hasPermission } from '@docent/common/permissions';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator, useRouteError } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { exportHref, periodFrom } from '~/analytics/analytics-period';
import { HealthView, OverviewView, UsageView } from '~/analytics/analytics-views';
import { sampleAnalytics } from '~/analytics/sample-analytics';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Button } from '~/components/forms';
import { DownloadLinkButton } from '~/components/ui/link-button';
import { OfflineNotice, Page, PageHeader, PageHeaderActions } from '~/components/ui/page-layout';
import { Tabs } from '~/components/ui/tabs';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { actorOf } from '~/lib/user';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'analytics') }];

/** The period's report (?period=, 7d by default). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const period = periodFrom(new URL(request.url).searchParams);
  const api = await signedInApi(request, context);
  try {
    const report = await api.call<AnalyticsReport>(`/api/metrics/analytics?${new URLSearchParams({ period })}`);
    return data({ source: 'server' as const, period, report }, { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) return data({ source: 'sample' as const, period, report: sampleAnalytics(period) });
    if (error.status === 403) {
      return data({ source: 'forbidden' as const, period }, { headers: await api.cookieHeaders() });
    }
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

export const handle = { i18n: ['analytics', 'dashboard'] };

const PAGE_TABS = [
  { key: 'overview', label: 'tabs.overview' },
  { key: 'usage', label: 'tabs.usage' },
  { key: 'health', label: 'tabs.health' },
] as const;
type PageTab = (typeof PAGE_TABS)[number]['key'];

export default function AnalyticsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const revalidator = useRevalidator();
  const { t } = useTranslation('analytics');
  const [tab, setTab] = useState<PageTab>('overview');
  const refreshing = revalidator.state === 'loading';

  if (loaded.source === 'forbidden' || !hasPermission(actorOf(user), 'analytics:view')) {
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

  const { report, period } = loaded;
  const isSample = loaded.source === 'sample';
  const canExport = hasPermission(actorOf(user), 'analytics:export');

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
        <PageHeaderActions>
          <StyledPeriods aria-label={t('period')}>
            {ANALYTICS_PERIODS.map((option) => (
              <Link
                key={option}
                to={`?${new URLSearchParams({ period: option })}`}
                aria-current={option === period ? 'true' : undefined}
                preventScrollReset
              >
                {option}
              </Link>
            ))}
          </StyledPeriods>
          <Button variant="secondary" onClick={revalidator.revalidate} disabled={refreshing} busy={refreshing}>
            {refreshing ? t('refreshing') : t('refresh')}
          </Button>
          {canExport && !isSample && (
            <>
              <DownloadLinkButton href={exportHref(period, 'json')} download>
                {t('exportJson')}
              </DownloadLinkButton>
              <DownloadLinkButton href={exportHref(period, 'csv')} download>
                {t('exportCsv')}
              </DownloadLinkButton>
            </>
          )}
        </PageHeaderActions>
      </PageHeader>

      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sample.title')}</strong>
          <span>{t('sample.detail')}</span>
        </OfflineNotice>
      )}
      {!canExport && <StyledNote role="note">{t('exportNotAllowed')}</StyledNote>}
      {!report.allUsers && <StyledNote role="note">{t('ownFiguresOnly')}</StyledNote>}

      <Tabs
        label={t('views')}
        tabs={PAGE_TABS.map(({ key, label }) => ({ key, label: t(label) }))}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'overview' && <OverviewView report={report} />}
        {tab === 'usage' && <UsageView report={report} />}
        {tab === 'health' && <HealthView report={report} />}
      </Tabs>
    </Page>
  );
}

const StyledPeriods = styled.nav`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.5rem;
    padding: 0 ${({ theme }) => theme.space.md};
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surface};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    text-decoration: none;
  }
  a + a {
    border-left: 1px solid ${({ theme }) => theme.color.border};
  }
  a[aria-current='true'] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}
