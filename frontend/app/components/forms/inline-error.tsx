import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledInlineError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.danger};
`;

/** A field's own message, placed under it and referenced by its aria-describedby. */
export function InlineError({ id, children }: { id: string; children: ReactNode }) {
  return <StyledInlineError id={id}>{children}</StyledInlineError>;
}
