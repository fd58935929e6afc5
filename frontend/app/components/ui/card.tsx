import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A raised surface grouping related content. Give it a heading with `CardHeader`. */
export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  min-width: 0;
`;

export const CardBody = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

interface CardHeaderProps {
  title: ReactNode;
  /** The heading's id, for `aria-labelledby` on the card. */
  titleId?: string;
  description?: ReactNode;
  /** Controls or badges on the right. */
  actions?: ReactNode;
  /** Heading level inside the page; 2 by default. */
  level?: 2 | 3;
}

export function CardHeader({ title, titleId, description, actions, level = 2 }: CardHeaderProps) {
  return (
    <StyledCardHeader>
      <div>
        <StyledCardTitle as={`h${level}`} id={titleId}>
          {title}
        </StyledCardTitle>
        {description && <StyledCardDescription>{description}</StyledCardDescription>}
      </div>
      {actions && <StyledCardActions>{actions}</StyledCardActions>}
    </StyledCardHeader>
  );
}

const StyledCardHeader = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} 0`};
`;

const StyledCardTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const StyledCardDescription = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledCardActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
