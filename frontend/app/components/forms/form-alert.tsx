import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledAlertMessage = styled.div`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerMuted};
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * A form's error region. The role="alert" container is always in the page, so a message
 * that appears in it is announced; it takes no space while empty.
 */
export function FormAlert({ children }: { children?: ReactNode }) {
  return <div role="alert">{children ? <StyledAlertMessage>{children}</StyledAlertMessage> : null}</div>;
}
