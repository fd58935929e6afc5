import type { AdminUserView, AuditLogResponse } from '@docent/common/admin';
import { Form, Link, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '~/components/forms';
import { DateTime } from '~/components/ui/date-time';
import { SelectField } from '~/components/ui/select-field';
import { StyledDataTable, StyledTableScroller } from '~/components/ui/data-table';
import {
  StyledEmpty,
  StyledInlineFields,
  StyledMuted,
  StyledPager,
  StyledRowActions,
  StyledToolbar,
} from './admin-table';

/** The audit log's filters, as the page's query string names them. */
export const AUDIT_PARAMS = {
  actor: 'auditActor',
  action: 'auditAction',
  from: 'auditFrom',
  to: 'auditTo',
  page: 'auditPage',
};

interface AuditLogProps {
  audit: AuditLogResponse;
  /** The users to filter by. */
  users: readonly AdminUserView[];
}

/** The Audit Log tab: who did what when, from the event log, with its filters and exports. */
export function AuditLog({ audit, users }: AuditLogProps) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation('admin');
  const filters = {
    actorId: searchParams.get(AUDIT_PARAMS.actor) ?? '',
    action: searchParams.get(AUDIT_PARAMS.action) ?? '',
    from: searchParams.get(AUDIT_PARAMS.from) ?? '',
    to: searchParams.get(AUDIT_PARAMS.to) ?? '',
  };
  const exportPath = (format: 'csv' | 'json') => {
    const params = new URLSearchParams({ format });
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
    return `/admin/audit/export?${params.toString()}`;
  };
  const pagePath = (page: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('tab', 'audit');
    params.set(AUDIT_PARAMS.page, String(page));
    return `?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(audit.total / audit.pageSize));

  return (
    <>
      <Form method="get" aria-label={t('audit.filter')}>
        <input type="hidden" name="tab" value="audit" />
        <StyledToolbar>
          <SelectField label={t('audit.user')} name={AUDIT_PARAMS.actor} defaultValue={filters.actorId}>
            <option value="">{t('audit.everyone')}</option>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('audit.action')} name={AUDIT_PARAMS.action} defaultValue={filters.action}>
            <option value="">{t('audit.allActions')}</option>
            {audit.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </SelectField>
          <TextField label={t('audit.from')} type="date" name={AUDIT_PARAMS.from} defaultValue={filters.from} />
          <TextField label={t('audit.to')} type="date" name={AUDIT_PARAMS.to} defaultValue={filters.to} />
          <Button type="submit" variant="secondary">
            {t('audit.filterButton')}
          </Button>
          <StyledInlineFields>
            <a href={exportPath('csv')} download>
              {t('audit.exportCsv')}
            </a>
            <a href={exportPath('json')} download>
              {t('audit.exportJson')}
            </a>
          </StyledInlineFields>
        </StyledToolbar>
      </Form>
      {audit.entries.length === 0 ? (
        <StyledEmpty>{t('audit.noMatch')}</StyledEmpty>
      ) : (
        <StyledTableScroller>
          <StyledDataTable>
            <caption className="visually-hidden">{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.time')}</th>
                <th scope="col">{t('audit.user')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.entries.map((entry) => (
                <tr key={entry.position}>
                  <td>
                    <DateTime value={entry.occurredAt} />
                  </td>
                  <td>{entry.actor ? (entry.actor.name ?? t('audit.deletedUser')) : t('audit.system')}</td>
                  <th scope="row">{entry.action}</th>
                  <td>
                    {entry.targetType}
                    <StyledMuted>{entry.target}</StyledMuted>
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledDataTable>
        </StyledTableScroller>
      )}
      <StyledPager aria-label={t('audit.pages')}>
        <span>{t('audit.count', { count: audit.total, page: audit.page, pages: lastPage })}</span>
        <StyledRowActions>
          {audit.page > 1 && <Link to={pagePath(audit.page - 1)}>{t('audit.newer')}</Link>}
          {audit.page < lastPage && <Link to={pagePath(audit.page + 1)}>{t('audit.older')}</Link>}
        </StyledRowActions>
      </StyledPager>
    </>
  );
}
