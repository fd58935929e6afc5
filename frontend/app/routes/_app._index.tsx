import {
  normalizeRole,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  permissionsOf,
  ROLE_DISPLAY_NAMES,
  type Permission,
} from '@docent/common/permissions';
import type { MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { useId } from 'react';
import styled from 'styled-components';
import { useAuth } from '~/auth/auth-context';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Badge } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { DateTime } from '~/components/ui/date-time';
import { actorOf, type UserView } from '~/lib/user';

export const meta: MetaFunction = () => [{ title: 'Dashboard · Docent' }];

/** The permissions grouped by what they concern ('documents', 'search', ...), in catalog order. */
function groupByArea(permissions: readonly Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const area = permission.split(':')[0]!;
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  return [...groups];
}

const AREA_NAMES: Record<string, string> = {
  documents: 'Documents',
  search: 'Search',
  tools: 'Tools',
  dashboard: 'Dashboard',
  users: 'Users',
  api_keys: 'API keys',
  system: 'System',
  analytics: 'Analytics',
};

/**
 * The index until the dashboard lands: the signed-in account as the server knows it.
 * No figures are shown that the server did not provide.
 */
export default function AccountOverview() {
  const { user } = useAuth();
  // The protected layout renders this only for a signed-in user.
  if (!user) return null;
  return <AccountDetails user={user} />;
}

function AccountDetails({ user }: { user: UserView }) {
  const accountTitleId = useId();
  const permissionsTitleId = useId();
  const role = normalizeRole(user.role);
  const permissions = permissionsOf(actorOf(user));

  return (
    <StyledPage>
      <StyledPageHeader>
        <h1>Welcome, {user.name}</h1>
        <p>Your account and what your role lets you do.</p>
      </StyledPageHeader>

      <StyledGrid>
        <Card aria-labelledby={accountTitleId}>
          <CardHeader title="Your account" titleId={accountTitleId} />
          <CardBody>
            <StyledDetails>
              <div>
                <dt>Name</dt>
                <dd>{user.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>Role</dt>
                <dd>
                  <Badge $tone="primary">{ROLE_DISPLAY_NAMES[role]}</Badge>
                </dd>
              </div>
              <div>
                <dt>Member since</dt>
                <dd>
                  <DateTime value={user.createdAt} dateOnly />
                </dd>
              </div>
              <div>
                <dt>Last sign-in</dt>
                <dd>{user.lastLogin ? <DateTime value={user.lastLogin} /> : 'No earlier sign-in recorded'}</dd>
              </div>
            </StyledDetails>
          </CardBody>
        </Card>

        <Card aria-labelledby={permissionsTitleId}>
          <CardHeader
            title="Your permissions"
            titleId={permissionsTitleId}
            description={`${ROLE_DISPLAY_NAMES[role]}${user.isDemo ? ' (demo session)' : ''}: ${permissions.length} of ${PERMISSIONS.length} permissions.`}
          />
          <CardBody>
            {groupByArea(permissions).map(([area, granted]) => (
              <StyledArea key={area}>
                <h3>{AREA_NAMES[area] ?? area}</h3>
                <StyledPermissionList>
                  {granted.map((permission) => (
                    <li key={permission}>
                      <code>{permission}</code>
                      <span>{PERMISSION_DESCRIPTIONS[permission]}</span>
                    </li>
                  ))}
                </StyledPermissionList>
              </StyledArea>
            ))}
          </CardBody>
        </Card>
      </StyledGrid>
    </StyledPage>
  );
}

const StyledPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const StyledPageHeader = styled.header`
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xxl};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    line-height: 1.2;
    overflow-wrap: anywhere;
  }

  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  align-items: start;
  gap: ${({ theme }) => theme.space.lg};

  @media (max-width: 1100px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const StyledDetails = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const StyledArea = styled.section`
  & + & {
    margin-top: ${({ theme }) => theme.space.lg};
  }

  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

const StyledPermissionList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: minmax(11rem, max-content) 1fr;
    gap: ${({ theme }) => theme.space.md};
    align-items: baseline;
  }

  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.color.primary};
  }

  span {
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  @media (max-width: 640px) {
    li {
      grid-template-columns: 1fr;
      gap: 0;
    }
  }
`;

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}
