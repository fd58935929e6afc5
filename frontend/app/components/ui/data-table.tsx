import styled from 'styled-components';
import { stickyFirstColumn } from './sticky-first-column';

/**
 * A data table's box: it scrolls sideways on narrow screens instead of widening the page,
 * and is the containing block of the visually hidden caption and headers, which would
 * otherwise sit past the scroll and widen it anyway.
 */
export const StyledTableScroller = styled.div`
  position: relative;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

/** The models, users, services and audit tables: compact rows, numbers right-aligned, the name column kept in view. */
export const StyledDataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  [data-numeric] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  thead th {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.color.textMuted};
    white-space: nowrap;
    background: ${({ theme }) => theme.color.surface};
  }
  tbody tr:last-child > * {
    border-bottom: none;
  }
  tbody th {
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }

  ${stickyFirstColumn}
`;
