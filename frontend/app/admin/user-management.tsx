import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type AdminUserView,
  type StandingAction,
  type UserListResponse,
} from '@docent/common/admin';
import { ROLE_DISPLAY_NAMES, ROLES, type Role } from '@docent/common/permissions';
import { Form, Link, useFetcher, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { Button, TextField } from '~/components/forms';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { DateTime } from '~/components/ui/date-time';
import { Dialog } from '~/components/ui/dialog';
import { SelectField } from '~/components/ui/select-field';
import { userActionForm } from './admin-action-form';
import { ACTION_NAMES, ADMIN_ACTION_FETCHER, standingActionsFor, type AdminActionResult } from './admin-actions';
import { StyledDataTable, StyledTableScroller } from '~/components/ui/data-table';
import {
  StyledDangerButton,
  StyledCellSelect,
  StyledEmpty,
  StyledInlineFields,
  StyledMuted,
  StyledPager,
  StyledRowActions,
  StyledToolbar,
} from './admin-table';
import { CreateUserDialog, InviteUserDialog } from './user-dialogs';

export interface UserPermissions {
  manageRoles: boolean;
  write: boolean;
  delete: boolean;
}

const STATUS_TONES: Record<AccountStatus, BadgeTone> = { active: 'success', inactive: 'neutral', suspended: 'warning' };
const STATUS_LABELS: Record<AccountStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };

/** What needs a second thought before it is done: it locks someone out or removes them. */
type Confirming = { action: 'suspend' | 'deactivate' | 'delete'; user: AdminUserView } | null;

const CONFIRM_TEXTS: Record<NonNullable<Confirming>['action'], (name: string) => string> = {
  suspend: (name) =>
    `Suspend ${name}? They are signed out at once, their API keys stop working, and they cannot sign in until reactivated.`,
  deactivate: (name) => `Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.`,
  delete: (name) =>
    `Delete ${name}? The account is removed for good. Their documents stay, owned by the system, and administrators manage them.`,
};

interface UserManagementProps {
  users: UserListResponse;
  permissions: UserPermissions;
  /** The signed-in administrator: their own row offers no way to lock themselves out. */
  currentUserId: string | null;
}

/** The User Management tab: the accounts, searchable and paged, with what the caller may do to each. */
export function UserManagement({ users, permissions, currentUserId }: UserManagementProps) {
  const csrf = useAuthenticityToken();
  const fetcher = useFetcher<AdminActionResult>({ key: ADMIN_ACTION_FETCHER });
  const [searchParams] = useSearchParams();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // Each opening is numbered: its fetcher is its own, so an earlier opening's answer never shows.
  const [dialog, setDialog] = useState<{ kind: 'create' | 'invite'; opening: number } | null>(null);
  const [openings, setOpenings] = useState(0);
  const open = (kind: 'create' | 'invite') => {
    setOpenings(openings + 1);
    setDialog({ kind, opening: openings + 1 });
  };
  const busy = fetcher.state !== 'idle';

  const submit = (intent: 'role' | StandingAction | 'delete', user: AdminUserView, role?: Role) =>
    fetcher.submit({ ...userActionForm(intent, user, role), csrf }, { method: 'post', action: '/admin' });

  const pagePath = (page: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('tab', 'users');
    params.set('page', String(page));
    return `?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(users.total / users.pageSize));

  return (
    <>
      <StyledToolbar>
        <Form method="get" role="search" aria-label="Search users">
          <input type="hidden" name="tab" value="users" />
          <StyledInlineFields>
            <TextField
              label="Search users"
              name="q"
              type="search"
              placeholder="Name or email"
              defaultValue={searchParams.get('q') ?? ''}
            />
            <SelectField label="Status" name="status" defaultValue={searchParams.get('status') ?? ''}>
              <option value="">All statuses</option>
              {ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </StyledInlineFields>
        </Form>
        {permissions.write && (
          <>
            <Button onClick={() => open('create')}>Create User</Button>
            <Button variant="secondary" onClick={() => open('invite')}>
              Invite User
            </Button>
          </>
        )}
      </StyledToolbar>

      {users.users.length === 0 ? (
        <StyledEmpty>No users match.</StyledEmpty>
      ) : (
        <StyledTableScroller>
          <StyledDataTable>
            <caption className="visually-hidden">Users</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col" data-numeric>
                  Documents
                </th>
                <th scope="col">Last Active</th>
                {(permissions.write || permissions.delete) && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {users.users.map((user) => {
                const isSelf = user.id === currentUserId;
                return (
                  <tr key={user.id}>
                    <th scope="row">
                      {user.name}
                      <StyledMuted>{user.email}</StyledMuted>
                    </th>
                    <td>
                      {permissions.manageRoles ? (
                        <StyledCellSelect
                          aria-label={`Role of ${user.name}`}
                          value={user.role}
                          disabled={busy}
                          onChange={(event) => submit('role', user, event.target.value as Role)}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_DISPLAY_NAMES[role]}
                            </option>
                          ))}
                        </StyledCellSelect>
                      ) : (
                        ROLE_DISPLAY_NAMES[user.role]
                      )}
                    </td>
                    <td>
                      <Badge $tone={STATUS_TONES[user.status]}>{STATUS_LABELS[user.status]}</Badge>
                    </td>
                    <td data-numeric>{user.documentsUploaded}</td>
                    <td>{user.lastActive ? <DateTime value={user.lastActive} /> : 'Never'}</td>
                    {(permissions.write || permissions.delete) && (
                      <td>
                        <StyledRowActions>
                          {permissions.write &&
                            !isSelf &&
                            standingActionsFor(user.status).map((action) => (
                              <Button
                                key={action}
                                variant="secondary"
                                disabled={busy}
                                aria-label={`${ACTION_NAMES[action]} ${user.name}`}
                                onClick={() =>
                                  action === 'reactivate' ? submit(action, user) : setConfirming({ action, user })
                                }
                              >
                                {ACTION_NAMES[action]}
                              </Button>
                            ))}
                          {permissions.delete && !isSelf && (
                            <Button
                              variant="ghost"
                              disabled={busy}
                              aria-label={`Delete ${user.name}`}
                              onClick={() => setConfirming({ action: 'delete', user })}
                            >
                              Delete
                            </Button>
                          )}
                        </StyledRowActions>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </StyledDataTable>
        </StyledTableScroller>
      )}

      <StyledPager aria-label="User pages">
        <span>
          {users.total} {users.total === 1 ? 'user' : 'users'} · page {users.page} of {lastPage}
        </span>
        <StyledRowActions>
          {users.page > 1 && <Link to={pagePath(users.page - 1)}>Previous</Link>}
          {users.page < lastPage && <Link to={pagePath(users.page + 1)}>Next</Link>}
        </StyledRowActions>
      </StyledPager>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `${ACTION_NAMES[confirming.action]}: ${confirming.user.name}` : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <StyledDangerButton
              onClick={() => {
                if (confirming) submit(confirming.action, confirming.user);
                setConfirming(null);
              }}
            >
              {confirming ? ACTION_NAMES[confirming.action] : ''}
            </StyledDangerButton>
          </>
        }
      >
        <p>{confirming && CONFIRM_TEXTS[confirming.action](confirming.user.name)}</p>
      </Dialog>
      {dialog?.kind === 'create' && (
        <CreateUserDialog fetcherKey={`admin-create-${dialog.opening}`} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'invite' && (
        <InviteUserDialog fetcherKey={`admin-invite-${dialog.opening}`} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
