import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { BadgeTone } from './badge';

export interface StatCardProps {
  label: string;
  value: string;
  /** A line under the figure: what it counts, or the figure beside it. */
  detail?: string;
  /** The card's left edge. */
  tone: BadgeTone;
}

/** One figure of a page's summary row: a term and its value in the grid's description list. */
export function StatCard({ label, value, detail, tone }: StatCardProps) {
  return (
    <StyledStatCard $tone={tone}>
      <dt>{label}</dt>
      <dd>
        <strong>{value}</strong>
        {detail && <span>{detail}</span>}
      </dd>
    </StyledStatCard>
  );
}

interface StatCardGridProps {
  /** Names the figures for assistive technology ('Document statistics'). */
  label: string;
  /** The narrowest a card may get before the row wraps. */
  minCardWidth?: string;
  children: ReactNode;
}

/** The row of stat cards at the top of a page, wrapping as the width allows. */
export function StatCardGrid({ label, minCardWidth = '11rem', children }: StatCardGridProps) {
  return (
    <StyledStatList aria-label={label} $minCardWidth={minCardWidth}>
      {children}
    </StyledStatList>
  );
}

const StyledStatList = styled.dl<{ $minCardWidth: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $minCardWidth }) => $minCardWidth}, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
`;

const StyledStatCard = styled.div<{ $tone: BadgeTone }>`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme, $tone }) => ($tone === 'neutral' ? theme.color.border : theme.color[$tone])};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    display: flex;
    flex-direction: column;
    margin: ${({ theme }) => theme.space.xs} 0 0;
  }

  strong {
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    line-height: 1.2;
  }

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;
