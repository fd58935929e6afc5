import {
  documentIdParam,
  type DocumentListResponse,
  type DocumentStats,
  type DocumentView,
} from '@docent/common/documents';
import { canActOnDocument, hasPermission } from '@docent/common/permissions';
import { checkRequest } from '@docent/common/validation';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigation, useRouteError, useSearchParams } from '@remix-run/react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promiseHash } from 'remix-utils/promise';
import styled from 'styled-components';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Button } from '~/components/forms';
import { OfflineNotice, Page, PageHeader, PageHeaderActions } from '~/components/ui/page-layout';
import { useConnection } from '~/connection/connection-context';
import { DocumentActivityPanel } from '~/documents/document-activity-panel';
import { DocumentFilterPanel, DocumentSearchBox } from '~/documents/document-filter-panel';
import {
  clearedFilters,
  documentListPath,
  isNarrowed,
  listStateToParams,
  parseListState,
  withChange,
  type DocumentListState,
} from '~/documents/document-filters';
import {
  RowActionAnnouncement,
  type DocumentPermissions,
  type RowActionResult,
  type StartedRowAction,
} from '~/documents/document-row-actions';
import { DocumentStatCards } from '~/documents/document-stat-cards';
import { DocumentsTable } from '~/documents/documents-table';
import { SAMPLE_DOCUMENTS, SAMPLE_STATS } from '~/documents/sample-documents';
import { UploadDocumentsDialog } from '~/documents/upload-documents-dialog';
import { useDocumentLiveUpdates } from '~/documents/use-document-live-updates';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { actorOf } from '~/lib/user';
import { pageTitle } from '~/i18n/page-title';

const DOCUMENTS_PATH = '/documents';

export const handle = { i18n: 'documents' };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'documents') }];

/** The list (filtered, sorted and paged as the URL says) and the stats. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const listState = parseListState(new URL(request.url).searchParams);
  const api = await signedInApi(request, context);
  const loadList = () => api.call<DocumentListResponse>(documentListPath(listState));
  const loadStats = async () => (await api.call<{ stats: DocumentStats }>('/api/documents/stats')).stats;
  try {
    const { list, stats } = await promiseHash({ list: loadList(), stats: loadStats() });
    return data(
      {
        source: 'server' as const,
        listState,
        documents: list.documents,
        total: list.total,
        pageSize: list.pageSize,
        stats,
      },
      { headers: await api.cookieHeaders() },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) {
      // The spec's fallback, read-only and labelled: the page says these are samples, not the knowledge base.
      return data({
        source: 'sample' as const,
        listState,
        documents: [...SAMPLE_DOCUMENTS],
        total: SAMPLE_DOCUMENTS.length,
        pageSize: SAMPLE_DOCUMENTS.length,
        stats: SAMPLE_STATS,
      });
    }
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

const ROW_INTENTS = ['delete', 'reprocess'] as const;

/** POST intent=delete|reprocess, documentId -> RowActionResult, with the API's status. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const form = await request.formData();
  const intent = ROW_INTENTS.find((known) => known === form.get('intent'));
  if (!intent) {
    return data({ intent: 'delete', ok: false, error: 'Unknown document action' } satisfies RowActionResult, {
      status: 400,
    });
  }
  // Checked as the API checks the id in its path, and refused in its words.
  const documentId = checkRequest(documentIdParam, form.get('documentId'), 'id');
  if (!documentId.ok) {
    return data({ intent, ok: false, error: documentId.error } satisfies RowActionResult, { status: 400 });
  }
  const path = `/api/documents/${encodeURIComponent(documentId.value)}`;
  try {
    if (intent === 'delete') await api.call(path, { method: 'DELETE' });
    else await api.call(`${path}/reprocess`, { method: 'POST' });
    return data({ intent, ok: true } satisfies RowActionResult, { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ intent, ok: false, error: error.message } satisfies RowActionResult, {
      status: error.status === 0 ? 502 : error.status,
      headers: await api.cookieHeaders(),
    });
  }
}

export default function DocumentsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const { user } = useAuth();
  const { status: connectionStatus } = useConnection();
  const [, setSearchParams] = useSearchParams();
  const activityId = useId();
  const [showActivity, setShowActivity] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);

  const [startedActions, setStartedActions] = useState<StartedRowAction[]>([]);
  const onActionStarted = useCallback(
    (action: StartedRowAction) =>
      setStartedActions((current) =>
        current.some((started) => started.fetcherKey === action.fetcherKey) ? current : [...current, action],
      ),
    [],
  );
  const onActionAnnounced = useCallback(
    (fetcherKey: string) =>
      setStartedActions((current) => current.filter((started) => started.fetcherKey !== fetcherKey)),
    [],
  );

  const isSample = loaded.source === 'sample';
  const listState: DocumentListState = loaded.listState;
  const live = useDocumentLiveUpdates(loaded.documents, { pollAlways: isSample });

  const permissions = useMemo<DocumentPermissions>(() => {
    const actor = actorOf(user);
    const may = (action: 'delete' | 'reprocess') => (document: DocumentView) =>
      !isSample &&
      canActOnDocument(actor, action, {
        accessLevel: document.metadata.accessLevel,
        uploadedBy: document.uploadedBy.id,
      });
    return {
      upload: !isSample && hasPermission(actor, 'documents:upload'),
      delete: may('delete'),
      reprocess: may('reprocess'),
    };
  }, [isSample, user]);

  // While the list for a new URL loads, the controls already show that URL (and a second quick change builds on it).
  const navigation = useNavigation();
  const controlsState =
    navigation.location?.pathname === DOCUMENTS_PATH
      ? parseListState(new URLSearchParams(navigation.location.search))
      : listState;
  const show = (update: (current: DocumentListState) => DocumentListState, replace = false) =>
    setSearchParams(listStateToParams(update(controlsState)), { replace, preventScrollReset: true });

  const uploadButton = permissions.upload && (
    <Button onClick={() => setUploadOpen(true)}>{t('uploadDocuments')}</Button>
  );

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
        <PageHeaderActions>
          <Button
            variant="secondary"
            aria-expanded={showActivity}
            aria-controls={activityId}
            onClick={() => setShowActivity(!showActivity)}
          >
            {showActivity ? t('hideActivity') : t('showActivity')}
          </Button>
          {uploadButton}
        </PageHeaderActions>
      </PageHeader>

      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sample.failed')}</strong>
          <span>{t('sample.note')}</span>
        </OfflineNotice>
      )}

      {showActivity && (
        <DocumentActivityPanel id={activityId} activities={live.activities} live={connectionStatus === 'live'} />
      )}

      <DocumentStatCards stats={loaded.stats} />

      <StyledToolbar>
        <DocumentSearchBox
          state={controlsState}
          onChange={(change, options) => show((current) => withChange(current, change), options?.replace)}
        />
      </StyledToolbar>
      <DocumentFilterPanel
        state={controlsState}
        onChange={(change, options) => show((current) => withChange(current, change), options?.replace)}
        onClear={() => show(clearedFilters)}
      />

      {live.rows.length === 0 ? (
        <StyledEmpty>
          <h2>{t('empty.title')}</h2>
          {isNarrowed(listState) ? (
            <p>
              {listState.search ? t('empty.noMatchSearch', { search: listState.search }) : t('empty.noMatchFilters')}
            </p>
          ) : (
            <>
              <p>{t('empty.getStarted')}</p>
              {permissions.upload && <Button onClick={() => setUploadOpen(true)}>{t('uploadDocument')}</Button>}
            </>
          )}
        </StyledEmpty>
      ) : (
        <DocumentsTable
          rows={live.rows}
          state={listState}
          total={loaded.total}
          pageSize={loaded.pageSize}
          actions={isSample ? null : { permissions, onStarted: onActionStarted }}
        />
      )}

      {startedActions.map((action) => (
        <RowActionAnnouncement key={action.fetcherKey} action={action} onAnnounced={onActionAnnounced} />
      ))}

      {permissions.upload && (
        <UploadDocumentsDialog open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={live.refresh} />
      )}
    </Page>
  );
}

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledEmpty = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  text-align: center;
  background: ${({ theme }) => theme.color.surface};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
