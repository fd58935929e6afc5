import styled from 'styled-components';

/** A tab's cards, one under the other. */
export const StyledTabContent = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** A form's fields, one under the other, with its buttons at the end. */
export const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 36rem;
`;

export const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A list of rows, each with its details on the left and its actions on the right. */
export const StyledRows = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }

  & > li:last-child {
    border-bottom: none;
  }
`;

export const StyledRowText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  code {
    font-family: ${({ theme }) => theme.font.mono};
    overflow-wrap: anywhere;
  }
`;
