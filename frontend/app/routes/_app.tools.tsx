import { hasPermission, normalizeRole } from '@docent/common/permissions';
import type { ToolView } from '@docent/common/tools';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Badge } from '~/components/ui/badge';
import { OfflineNotice, Page, PageHeader, PageHeaderActions } from '~/components/ui/page-layout';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { actorOf } from '~/lib/user';
import { CalculatorDemo } from '~/tools/calculator-demo';
import { ConnectClientCard } from '~/tools/connect-client-card';
import { SAMPLE_TOOLS } from '~/tools/sample-tools';
import { SearchDemo } from '~/tools/search-demo';
import { readToolAction } from '~/tools/tool-action-form';
import { toolCounts } from '~/tools/tool-format';
import { loadToolsPage, runToolDemo } from '~/tools/tools-api.server';
import { ToolsGrid } from '~/tools/tools-grid';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'tools') }];

/** Every tool with its availability, and where MCP clients connect. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    const page = await loadToolsPage(api);
    return data({ source: 'server' as const, ...page }, { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) {
      // The spec's six tools, labelled as a sample on the page; none is ready without a server to run it.
      return data({ source: 'sample' as const, tools: [...SAMPLE_TOOLS], mcpEndpoint: null });
    }
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

/** POST intent=calculate (operation, a, b) | search (query) -> the demo's ToolActionResult. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const read = readToolAction(await request.formData());
  if (!read) throw data({ success: false, error: 'Unknown tool action' }, { status: 400 });
  if (!read.ok) return data(read.refusal, { status: 400 });
  return data(await runToolDemo(api, read.command), { headers: await api.cookieHeaders() });
}

export const handle = { i18n: 'tools' };

const toolNamed = (tools: readonly ToolView[], name: string) => tools.find((tool) => tool.name === name) ?? null;

export default function ToolsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const { t } = useTranslation(['tools', 'common']);
  const isSample = loaded.source === 'sample';
  const tools: ToolView[] = loaded.tools;
  const { available, total } = toolCounts(tools);
  // Whether Execute is offered; the server enforces the same.
  const mayExecute = hasPermission(actorOf(user), 'tools:execute');
  const canExecute = !isSample && mayExecute;

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
        <PageHeaderActions>
          <Badge $tone="success">{t('available', { number: available })}</Badge>
          <Badge>{t('total', { number: total })}</Badge>
        </PageHeaderActions>
      </PageHeader>

      {isSample && (
        <OfflineNotice role="alert">
          <strong>{t('sampleTitle')}</strong>
          <span>{t('sampleNotice')}</span>
        </OfflineNotice>
      )}

      {!mayExecute && (
        <StyledPermissionNotice role="note">
          {t('noExecutePermission', { role: t(`common:roles.${normalizeRole(user?.role)}`) })}
        </StyledPermissionNotice>
      )}

      <StyledDemos>
        <CalculatorDemo tool={toolNamed(tools, 'calculate')} canExecute={canExecute} />
        <SearchDemo tool={toolNamed(tools, 'search')} canExecute={canExecute} />
      </StyledDemos>

      <ToolsGrid tools={tools} />

      {loaded.mcpEndpoint !== null && <ConnectClientCard mcpEndpoint={loaded.mcpEndpoint} />}
    </Page>
  );
}

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}

const StyledDemos = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const StyledPermissionNotice = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.color.info};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.infoMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
