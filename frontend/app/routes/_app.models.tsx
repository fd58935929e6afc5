import { hasPermission } from '@docent/common/permissions';
import { MODELS_POLL_INTERVAL_MS, type Model } from '@docent/common/models';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Button } from '~/components/forms';
import { OfflineNotice, Page, PageHeader, PageHeaderActions } from '~/components/ui/page-layout';
import { Tabs } from '~/components/ui/tabs';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { useLoaderPolling } from '~/lib/use-loader-polling';
import { actorOf } from '~/lib/user';
import { assertCsrf } from '~/lib/csrf.server';
import { AddProviderDialog } from '~/models/add-provider-dialog';
import { ConfigureModelDialog, ModelUpdateAnnouncement } from '~/models/configure-model-dialog';
import { readModelAction } from '~/models/model-action-form';
import type { ConfigureTab } from '~/models/model-draft';
import { ModelSummaryCards } from '~/models/model-summary-cards';
import {
  addProvider,
  loadModelsPage,
  refreshProviderModels,
  saveRouting,
  testModel,
  updateModel,
} from '~/models/models-api.server';
import { ModelsAnalytics } from '~/models/models-analytics';
import { ModelsOverview } from '~/models/models-overview';
import { ModelsRouting } from '~/models/models-routing';
import { ModelsTable } from '~/models/models-table';
import { SAMPLE_MODEL_STATS, SAMPLE_MODELS, SAMPLE_ROUTING } from '~/models/sample-models';
import { TestModelsDialog } from '~/models/test-models-dialog';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'models') }];

/** The models, their stats and the routing with its limit usage. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    const page = await loadModelsPage(api);
    return data({ source: 'server' as const, ...page }, { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) {
      // The spec's fallback, read-only and labelled: the page says these are samples, not the installed models.
      return data({
        source: 'sample' as const,
        models: [...SAMPLE_MODELS],
        stats: SAMPLE_MODEL_STATS,
        routing: SAMPLE_ROUTING,
      });
    }
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

/** POST intent=update|test|routing|add-provider|refresh-models -> the matching ModelActionResult. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const read = readModelAction(await request.formData());
  if (!read) throw data({ success: false, error: 'Unknown model action' }, { status: 400 });
  if (!read.ok) return data(read.refusal, { status: 400 });
  const { command } = read;
  const result = await (() => {
    switch (command.intent) {
      case 'update':
        return updateModel(api, command.modelId, command.update);
      case 'test':
        return testModel(api, command.modelId);
      case 'routing':
        return saveRouting(api, command.routing);
      case 'add-provider':
        return addProvider(api, command.request);
      case 'refresh-models':
        return refreshProviderModels(api, command.providerId);
      default: {
        const unhandled: never = command;
        throw new Error(`Unhandled model action ${JSON.stringify(unhandled)}`);
      }
    }
  })();
  return data(result, { headers: await api.cookieHeaders() });
}

export const handle = { i18n: 'models' };

const PAGE_TABS = [
  { key: 'overview', label: 'tabs.overview' },
  { key: 'models', label: 'tabs.models' },
  { key: 'routing', label: 'tabs.routing' },
  { key: 'analytics', label: 'tabs.analytics' },
] as const;
type PageTab = (typeof PAGE_TABS)[number]['key'];

export default function ModelsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const { t } = useTranslation('models');
  const tabs = PAGE_TABS.map(({ key, label }) => ({ key, label: t(label) }));
  // Spec section 7: models and their stats every 30 s.
  useLoaderPolling(MODELS_POLL_INTERVAL_MS);
  const [tab, setTab] = useState<PageTab>('overview');
  const [testing, setTesting] = useState(false);
  const [addingProvider, setAddingProvider] = useState(false);
  const [configuring, setConfiguring] = useState<{ modelId: string; tab: ConfigureTab } | null>(null);
  const closeConfigure = useCallback(() => setConfiguring(null), []);
  const closeAddProvider = useCallback(() => setAddingProvider(false), []);

  const isSample = loaded.source === 'sample';
  const models: Model[] = loaded.models;
  // What the user may do; the server enforces the same. Samples offer nothing to change.
  const canTest = !isSample && hasPermission(actorOf(user), 'system:monitor');
  const canConfigure = !isSample && hasPermission(actorOf(user), 'system:configure');
  const configuredModel = configuring && models.find((model) => model.id === configuring.modelId);

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
        <PageHeaderActions>
          {canTest && (
            <Button variant="secondary" onClick={() => setTesting(true)}>
              {t('testModels')}
            </Button>
          )}
          {canConfigure && <Button onClick={() => setAddingProvider(true)}>{t('addProvider')}</Button>}
        </PageHeaderActions>
      </PageHeader>

      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sampleTitle')}</strong>
          <span>{t('sampleNotice')}</span>
        </OfflineNotice>
      )}

      <ModelSummaryCards stats={loaded.stats} />

      <Tabs label={t('views')} tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'overview' && <ModelsOverview models={models} usage={loaded.routing.usage} />}
        {tab === 'models' && (
          <ModelsTable
            models={models}
            onConfigure={canConfigure ? (model) => setConfiguring({ modelId: model.id, tab: 'general' }) : null}
          />
        )}
        {tab === 'routing' && (
          <ModelsRouting
            models={models}
            routing={loaded.routing}
            editing={
              canConfigure
                ? { onConfigureLimits: (model) => setConfiguring({ modelId: model.id, tab: 'limits' }) }
                : null
            }
          />
        )}
        {tab === 'analytics' && <ModelsAnalytics models={models} stats={loaded.stats} />}
      </Tabs>

      {canTest && <TestModelsDialog open={testing} onClose={() => setTesting(false)} models={models} />}
      {canConfigure && (
        <>
          <AddProviderDialog open={addingProvider} onClose={closeAddProvider} />
          {models.map((model) => (
            <ModelUpdateAnnouncement key={model.id} model={model} />
          ))}
          {configuredModel && (
            <ConfigureModelDialog
              key={configuredModel.id}
              model={configuredModel}
              initialTab={configuring.tab}
              onClose={closeConfigure}
            />
          )}
        </>
      )}
    </Page>
  );
}

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}
