import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type AdminUserView,
  type StandingAction,
  type UserListResponse,
} from '@docent/common/admin';
import { ROLES, type Role } from '@docent/common/permissions';
import { Form, Link, useFetcher, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** What needs a second thought before it is done: it locks someone out or removes them. */
type Confirming = { action: 'suspend' | 'deactivate' | 'delete'; user: AdminUserView } | null;

interface UserManagementProps {
  users: UserListResponse;
  permissions: UserPermissions;
  /** The signed-in administrator: their own row offers no way to lock themselves out. */
  currentUserId: string | null;
}

/** The User Management tab: the accounts, searchable and paged, with what the caller may do to each. */
export function UserManagement({ users, permissions, currentUserId }: UserManagementProps) {
  const csrf = useAuthenticityToken();
  const { t, i18n } = useTranslation(['admin', 'common']);
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
        <Form method="get" role="search" aria-label={t('users.search')}>
          <input type="hidden" name="tab" value="users" />
          <StyledInlineFields>
            <TextField
              label={t('users.search')}
              name="q"
              type="search"
              placeholder={t('users.searchPlaceholder')}
              defaultValue={searchParams.get('q') ?? ''}
            />
            <SelectField label={t('users.status')} name="status" defaultValue={searchParams.get('status') ?? ''}>
              <option value="">{t('users.allStatuses')}</option>
              {ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`users.statuses.${status}`)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              {t('users.searchButton')}
            </Button>
          </StyledInlineFields>
        </Form>
        {permissions.write && (
          <>
            <Button onClick={() => open('create')}>{t('users.createUser')}</Button>
            <Button variant="secondary" onClick={() => open('invite')}>
              {t('users.inviteUser')}
            </Button>
          </>
        )}
      </StyledToolbar>

      {users.users.length === 0 ? (
        <StyledEmpty>{t('users.noMatch')}</StyledEmpty>
      ) : (
        <StyledTableScroller>
          <StyledDataTable>
            <caption className="visually-hidden">{t('users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.user')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col">{t('users.status')}</th>
                <th scope="col" data-numeric>
                  {t('users.documents')}
                </th>
                <th scope="col">{t('users.lastActive')}</th>
                {(permissions.write || permissions.delete) && <th scope="col">{t('actions')}</th>}
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
                          aria-label={t('users.roleOf', { name: user.name })}
                          value={user.role}
                          disabled={busy}
                          onChange={(event) => submit('role', user, event.target.value as Role)}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`common:roles.${role}`)}
                            </option>
                          ))}
                        </StyledCellSelect>
                      ) : (
                        t(`common:roles.${user.role}`)
                      )}
                    </td>
                    <td>
                      <Badge $tone={STATUS_TONES[user.status]}>{t(`users.statuses.${user.status}`)}</Badge>
                    </td>
                    <td data-numeric>{user.documentsUploaded.toLocaleString(i18n.language)}</td>
                    <td>{user.lastActive ? <DateTime value={user.lastActive} /> : t('users.never')}</td>
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
                                aria-label={t('users.actionLabel', {
                                  action: t(ACTION_NAMES[action]),
                                  name: user.name,
                                })}
                                onClick={() =>
                                  action === 'reactivate' ? submit(action, user) : setConfirming({ action, user })
                                }
                              >
                                {t(ACTION_NAMES[action])}
                              </Button>
                            ))}
                          {permissions.delete && !isSelf && (
                            <Button
                              variant="ghost"
                              disabled={busy}
                              aria-label={t('users.deleteLabel', { name: user.name })}
                              onClick={() => setConfirming({ action: 'delete', user })}
                            >
                              {t('users.delete')}
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

      <StyledPager aria-label={t('users.pages')}>
        <span>{t('users.count', { count: users.total, page: users.page, pages: lastPage })}</span>
        <StyledRowActions>
          {users.page > 1 && <Link to={pagePath(users.page - 1)}>{t('users.previous')}</Link>}
          {users.page < lastPage && <Link to={pagePath(users.page + 1)}>{t('users.next')}</Link>}
        </StyledRowActions>
      </StyledPager>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming
            ? t('users.confirmTitle', { action: t(ACTION_NAMES[confirming.action]), name: confirming.user.name })
            : ''
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </Button>
            <StyledDangerButton
              onClick={() => {
                if (confirming) submit(confirming.action, confirming.user);
                setConfirming(null);
              }}
            >
              {confirming ? t(ACTION_NAMES[confirming.action]) : ''}
            </StyledDangerButton>
          </>
        }
      >
        <p>{confirming && t(`users.confirm.${confirming.action}`, { name: confirming.user.name })}</p>
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
