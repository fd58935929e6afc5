import { auditLogSchema, listUsersSchema } from '@docent/common/admin';
import { hasPermission } from '@docent/common/permissions';
import { checkRequest } from '@docent/common/validation';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError, useSearchParams } from '@remix-run/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { readAdminAction } from '~/admin/admin-action-form';
import { ADMIN_ACTION_FETCHER, adminAnnouncement, type AdminActionResult } from '~/admin/admin-actions';
import { loadAdminPage, runAdminAction } from '~/admin/admin-api.server';
import { AUDIT_PARAMS, AuditLog } from '~/admin/audit-log';
import { SAMPLE_ADMIN_PAGE } from '~/admin/sample-admin';
import { SystemServices } from '~/admin/system-services';
import { SystemStatus } from '~/admin/system-status';
import { UserManagement } from '~/admin/user-management';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Card, CardBody } from '~/components/ui/card';
import { OfflineNotice, Page, PageHeader } from '~/components/ui/page-layout';
import { Tabs } from '~/components/ui/tabs';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { actorOf } from '~/lib/user';
import { useFetcherAnnouncement } from '~/lib/use-fetcher-announcement';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'admin') }];

/** The query string's filters, checked as the API checks them; a filter it would refuse is left out. */
function filtersOf(search: URLSearchParams) {
  const users = checkRequest(listUsersSchema, {
    ...(search.get('q') && { search: search.get('q') }),
    ...(search.get('status') && { status: search.get('status') }),
    ...(search.get('page') && { page: search.get('page') }),
  });
  const audit = checkRequest(auditLogSchema, {
    ...(search.get(AUDIT_PARAMS.actor) && { actorId: search.get(AUDIT_PARAMS.actor) }),
    ...(search.get(AUDIT_PARAMS.action) && { action: search.get(AUDIT_PARAMS.action) }),
    ...(search.get(AUDIT_PARAMS.from) && { from: search.get(AUDIT_PARAMS.from) }),
    ...(search.get(AUDIT_PARAMS.to) && { to: search.get(AUDIT_PARAMS.to) }),
    ...(search.get(AUDIT_PARAMS.page) && { page: search.get(AUDIT_PARAMS.page) }),
  });
  return { users: users.ok ? users.value : {}, audit: audit.ok ? audit.value : {} };
}

/** The accounts, the components, the system's figures and the audit log: whatever the server lets the caller see. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  const filters = filtersOf(new URL(request.url).searchParams);
  try {
    const page = await loadAdminPage(api, filters.users, filters.audit);
    const headers = await api.cookieHeaders();
    return page
      ? data({ source: 'server' as const, ...page }, { headers })
      : data({ source: 'forbidden' as const }, { headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The server is unreachable: labelled samples, read-only.
    if (error.status === 0) return data({ source: 'sample' as const, ...SAMPLE_ADMIN_PAGE });
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

/** POST intent=role|suspend|reactivate|deactivate|delete|create|invite|restart -> AdminActionResult. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const read = readAdminAction(await request.formData());
  if (!read) throw data({ success: false, error: 'Unknown admin action' }, { status: 400 });
  if (!read.ok) return data(read.refusal satisfies AdminActionResult, { status: 400 });
  return data(await runAdminAction(api, read.command), { headers: await api.cookieHeaders() });
}

export const handle = { i18n: 'admin' };

const PAGE_TABS = [
  { key: 'users', label: 'tabs.users' },
  { key: 'services', label: 'tabs.services' },
  { key: 'status', label: 'tabs.status' },
  { key: 'audit', label: 'tabs.audit' },
] as const;
type PageTab = (typeof PAGE_TABS)[number]['key'];

const isTab = (value: string | null): value is PageTab => PAGE_TABS.some((tab) => tab.key === value);

export default function AdminPage() {
  const loaded = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const { t } = useTranslation('admin');
  const tabs = PAGE_TABS.map(({ key, label }) => ({ key, label: t(label) }));
  const announce = useCallback((result: AdminActionResult) => adminAnnouncement(result, t), [t]);
  useFetcherAnnouncement<AdminActionResult>(ADMIN_ACTION_FETCHER, announce);
  const requested = searchParams.get('tab');
  const tab: PageTab = isTab(requested) ? requested : 'users';
  const selectTab = (next: PageTab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { preventScrollReset: true, replace: true },
    );

  const header = (
    <PageHeader>
      <div>
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </div>
    </PageHeader>
  );

  if (loaded.source === 'forbidden') {
    return (
      <Page>
        {header}
        <Card>
          <CardBody role="status">
            <strong>{t('forbiddenTitle')}</strong>
            <p>{t('forbiddenDetail')}</p>
          </CardBody>
        </Card>
      </Page>
    );
  }

  const isSample = loaded.source === 'sample';
  const actor = actorOf(user);
  // What the user may do; the server enforces the same. Samples offer nothing to change.
  const may = (permission: Parameters<typeof hasPermission>[1]) => !isSample && hasPermission(actor, permission);
  const needs = (permission: string) => <p role="status">{t('needsPermission', { permission })}</p>;

  return (
    <Page>
      {header}
      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sampleTitle')}</strong>
          <span>{t('sampleNotice')}</span>
        </OfflineNotice>
      )}
      <Tabs label={t('views')} tabs={tabs} selected={tab} onSelect={selectTab}>
        {tab === 'users' && (
          <UserManagement
            users={loaded.users}
            permissions={{
              manageRoles: may('users:manage_roles'),
              write: may('users:write'),
              delete: may('users:delete'),
            }}
            currentUserId={user?.id ?? null}
          />
        )}
        {tab === 'services' &&
          (loaded.services ? (
            <SystemServices
              services={loaded.services}
              canRestart={may('system:configure')}
              canBackUp={may('system:backup')}
            />
          ) : (
            needs('system:monitor')
          ))}
        {tab === 'status' && (loaded.status ? <SystemStatus status={loaded.status} /> : needs('system:monitor'))}
        {tab === 'audit' &&
          (loaded.audit ? (
            <AuditLog audit={loaded.audit} users={loaded.users.users} />
          ) : isSample ? (
            <p role="status">{t('auditUnreachable')}</p>
          ) : (
            needs('system:monitor')
          ))}
      </Tabs>
    </Page>
  );
}

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}
