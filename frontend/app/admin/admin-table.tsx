import styled from 'styled-components';
import { Button } from '~/components/forms';
import { inputStyles } from '~/components/forms/field-parts';

export const StyledMuted = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export const StyledEmpty = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

export const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/** Fields side by side inside a toolbar, aligned on their inputs. */
export const StyledInlineFields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A select inside a table cell: its label is the column's, read out from aria-label. */
export const StyledCellSelect = styled.select<{ $invalid?: boolean }>`
  ${inputStyles}
  width: auto;
`;

export const StyledRowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

export const StyledDangerButton = styled(Button)`
  background: ${({ theme }) => theme.color.danger};
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.primaryText};
`;

export const StyledPager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
