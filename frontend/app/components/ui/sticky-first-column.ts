import { css } from 'styled-components';

/**
 * For a table scrolling sideways in its own box: the first column (the row's name) stays
 * in view, on an opaque background so the scrolled cells pass under it.
 */
export const stickyFirstColumn = css`
  tr > :first-child {
    position: sticky;
    left: 0;
    z-index: 1;
  }

  tbody tr > :first-child {
    background: ${({ theme }) => theme.color.surface};
  }
`;
