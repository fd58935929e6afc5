import type { DocumentSortField, DocumentView } from '@docent/common/documents';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { stickyFirstColumn } from '~/components/ui/sticky-first-column';
import { DateTime } from '~/components/ui/date-time';
import { listStateToParams, pageCount, sortedBy, type DocumentListState } from './document-filters';
import { DocumentRowActions, type DocumentPermissions, type StartedRowAction } from './document-row-actions';
import { DocumentStatusCell } from './document-status-cell';

const COLUMNS: { sort: DocumentSortField; numeric?: boolean }[] = [
  { sort: 'name' },
  { sort: 'type' },
  { sort: 'size', numeric: true },
  { sort: 'status' },
  { sort: 'chunks', numeric: true },
  { sort: 'uploadedAt' },
  { sort: 'processedAt' },
];

const hrefFor = (state: DocumentListState) => {
  const search = listStateToParams(state).toString();
  return search ? `?${search}` : '.';
};

interface DocumentsTableProps {
  rows: readonly DocumentView[];
  state: DocumentListState;
  total: number;
  pageSize: number;
  /** Null when the rows are read-only samples: no actions at all. */
  actions: {
    permissions: DocumentPermissions;
    onStarted: (action: StartedRowAction) => void;
  } | null;
}

/** The documents, sortable by every column (links, so the URL keeps the order) and paged. */
export function DocumentsTable({ rows, state, total, pageSize, actions }: DocumentsTableProps) {
  const { t } = useTranslation('documents');
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (state.page - 1) * pageSize + 1;
  const last = Math.min(total, (state.page - 1) * pageSize + rows.length);
  return (
    <>
      <StyledScroller>
        <StyledTable>
          <caption className="visually-hidden">
            {t('table.caption', { column: t(`table.columns.${state.sort}`) })}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const sorted = state.sort === column.sort;
                return (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={sorted ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    data-numeric={column.numeric || undefined}
                  >
                    <StyledSortLink to={hrefFor(sortedBy(state, column.sort))} preventScrollReset>
                      {t(`table.columns.${column.sort}`)}
                      <span aria-hidden="true">{sorted ? (state.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </StyledSortLink>
                  </th>
                );
              })}
              {actions && (
                <th scope="col">
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((document) => (
              <tr key={document.id}>
                <th scope="row">
                  <StyledName>{document.name}</StyledName>
                  <StyledUploader>{t('table.uploadedBy', { name: document.uploadedBy.name })}</StyledUploader>
                </th>
                <td>{document.type}</td>
                <td data-numeric>{document.size}</td>
                <td>
                  <DocumentStatusCell document={document} />
                </td>
                <td data-numeric>{document.chunks}</td>
                <td>
                  <DateTime value={document.uploadedAt} />
                </td>
                <td>
                  {document.processedAt ? (
                    <DateTime value={document.processedAt} />
                  ) : (
                    <StyledMuted>{t('table.notYet')}</StyledMuted>
                  )}
                </td>
                {actions && (
                  <td>
                    <DocumentRowActions
                      document={document}
                      permissions={actions.permissions}
                      onStarted={actions.onStarted}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </StyledTable>
      </StyledScroller>
      <StyledPagination aria-label={t('table.pages')}>
        <span>{t('table.range', { first, last, total })}</span>
        <StyledPageLinks>
          {state.page > 1 ? (
            <Link to={hrefFor({ ...state, page: state.page - 1 })} preventScrollReset>
              {t('table.previous')}
            </Link>
          ) : (
            <StyledMuted aria-disabled="true">{t('table.previous')}</StyledMuted>
          )}
          <span aria-current="page">{t('table.page', { page: state.page, pages })}</span>
          {state.page < pages ? (
            <Link to={hrefFor({ ...state, page: state.page + 1 })} preventScrollReset>
              {t('table.next')}
            </Link>
          ) : (
            <StyledMuted aria-disabled="true">{t('table.next')}</StyledMuted>
          )}
        </StyledPageLinks>
      </StyledPagination>
    </>
  );
}

const StyledScroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }

  thead th {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.color.textMuted};
    white-space: nowrap;
    background: ${({ theme }) => theme.color.surfaceMuted};
  }

  tbody th {
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }

  tbody tr:last-child th,
  tbody tr:last-child td {
    border-bottom: 0;
  }

  [data-numeric] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }

  ${stickyFirstColumn}
`;

const StyledSortLink = styled(Link)`
  color: inherit;
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.color.text};
    text-decoration: underline;
  }
`;

const StyledName = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const StyledUploader = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const StyledMuted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledPagination = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledPageLinks = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;
