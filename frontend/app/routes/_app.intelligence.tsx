import { hasPermission } from '@docent/common/permissions';
import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import { INTELLIGENCE_STATS_POLL_INTERVAL_MS, type SearchType } from '@docent/common/search';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { OfflineNotice, Page, PageHeader } from '~/components/ui/page-layout';
import { Tabs } from '~/components/ui/tabs';
import { actorOf } from '~/lib/user';
import { ChatPanel } from '~/intelligence/chat-panel';
import { loadIntelligencePage, type IntelligencePageData } from '~/intelligence/intelligence-api.server';
import { IntelligenceStatCards } from '~/intelligence/intelligence-stat-cards';
import {
  INTELLIGENCE_TABS,
  intelligenceUrlParams,
  onlyTabChanged,
  parseIntelligenceUrl,
  type IntelligenceUrlState,
} from '~/intelligence/intelligence-url';
import { readPageAction, type PageActionResult } from '~/intelligence/page-actions';
import { SAMPLE_INTELLIGENCE_STATS } from '~/intelligence/sample-intelligence';
import { SearchPanel } from '~/intelligence/search-panel';
import { StatusPanel } from '~/intelligence/status-panel';
import { useSearchResults } from '~/intelligence/use-search-results';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { useLoaderPolling } from '~/lib/use-loader-polling';
import { pageTitle } from '~/i18n/page-title';

export const handle = { i18n: ['intelligence', 'search', 'documents'] };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'intelligence') }];

/**
 * The stats, the status panel, the user's preferences, search history and chat sessions,
 * and the document a search is limited to. Never the search itself: the page runs it
 * from the browser, so reloading this loader (polling, after an action) records nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { documentId } = parseIntelligenceUrl(new URL(request.url).searchParams);
  const api = await signedInApi(request, context);
  try {
    const page = await loadIntelligencePage(api, context, documentId);
    return data({ source: 'server' as const, ...page }, { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) {
      // The spec's fallback figures, read-only and labelled: the page says they are samples.
      const sample: IntelligencePageData = {
        stats: SAMPLE_INTELLIGENCE_STATS,
        status: null,
        preferences: DEFAULT_PREFERENCES,
        history: [],
        sessions: null,
        sessionsError: 'the server is unreachable',
        scope: documentId ? { documentId, documentName: null } : null,
      };
      return data({ source: 'sample' as const, ...sample });
    }
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

/** POST intent=clear-history | rename-session (sessionId, title) | delete-session (sessionId) -> PageActionResult. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const read = readPageAction(await request.formData());
  if (!read.ok) return data({ ok: false, error: read.error } satisfies PageActionResult, { status: 400 });
  const command = read.value;
  try {
    switch (command.intent) {
      case 'clear-history':
        await api.call('/api/search/history', { method: 'DELETE' });
        break;
      case 'rename-session':
        await api.call(`/api/chat/sessions/${encodeURIComponent(command.sessionId)}`, {
          method: 'PATCH',
          body: { title: command.title },
        });
        break;
      case 'delete-session':
        await api.call(`/api/chat/sessions/${encodeURIComponent(command.sessionId)}`, { method: 'DELETE' });
        break;
      default: {
        const unhandled: never = command;
        throw new Error(`Unhandled Intelligence action ${JSON.stringify(unhandled)}`);
      }
    }
    return data({ ok: true } satisfies PageActionResult, { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ ok: false, error: error.message } satisfies PageActionResult, {
      status: error.status === 0 ? 502 : error.status,
      headers: await api.cookieHeaders(),
    });
  }
}

/** Switching tabs changes the address but nothing the loader reads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const tabSwitch =
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    onlyTabChanged(currentUrl.searchParams, nextUrl.searchParams);
  return tabSwitch ? false : defaultShouldRevalidate;
};

export default function IntelligencePage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation('intelligence');
  const { user } = useAuth();
  // Spec sections 7 and 9: intelligence stats every 60 s. The loader never searches, so polling adds nothing to the history or the figures.
  useLoaderPolling(INTELLIGENCE_STATS_POLL_INTERVAL_MS);
  const [searchParams, setSearchParams] = useSearchParams();
  // The address as it is now: a tab switch does not reload the loader.
  const address = parseIntelligenceUrl(searchParams);
  const searchType: SearchType = address.type ?? loaded.preferences.defaultSearchType;
  const [searchRuns, setSearchRuns] = useState(0);
  const search = useSearchResults({
    query: address.query,
    type: searchType,
    limit: loaded.preferences.resultsPerPage,
    documentId: address.documentId,
    run: searchRuns,
  });

  const isSample = loaded.source === 'sample';
  // The server enforces the same; the readonly role has it.
  const canSearch = !isSample && hasPermission(actorOf(user), 'search:basic');

  const show = (next: IntelligenceUrlState, replace = false) =>
    setSearchParams(intelligenceUrlParams(next), { replace, preventScrollReset: true });
  const runSearch = (query: string, type: SearchType) => {
    const next = { ...address, query, type };
    // The same search asked again runs again; a new one is a new address (Back returns to the last).
    if (intelligenceUrlParams(next).toString() === intelligenceUrlParams(address).toString())
      setSearchRuns((runs) => runs + 1);
    else show(next);
  };
  const removeScope = () => show({ ...address, documentId: null });

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
      </PageHeader>

      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sample.title')}</strong>
          <span>{t('sample.note')}</span>
        </OfflineNotice>
      )}

      <IntelligenceStatCards stats={loaded.stats} />

      {canSearch && (
        <Tabs
          label={t('tabs.label')}
          tabs={INTELLIGENCE_TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`) }))}
          selected={address.tab}
          onSelect={(tab) => show({ ...address, tab }, true)}
        >
          {address.tab === 'search' ? (
            <SearchPanel
              query={address.query}
              type={searchType}
              scope={loaded.scope}
              history={loaded.history}
              search={search}
              onSearch={runSearch}
              onRemoveScope={removeScope}
            />
          ) : (
            <ChatPanel
              sessions={loaded.sessions}
              sessionsError={loaded.sessionsError}
              scope={loaded.scope}
              onRemoveScope={removeScope}
            />
          )}
        </Tabs>
      )}

      <StatusPanel status={loaded.status} stats={loaded.stats} />
    </Page>
  );
}

/** This page alone failed: the shell stays, with the spec's 'Intelligence Page Error' and the message. */
export function ErrorBoundary() {
  const { t } = useTranslation('intelligence');
  return <PageErrorCard title={t('pageError')} error={useRouteError()} />;
}
