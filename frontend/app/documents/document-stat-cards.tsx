import { formatFileSize, type DocumentStats } from '@docent/common/documents';
import styled from 'styled-components';
import type { BadgeTone } from '~/components/ui/badge';

interface StatCard {
  label: string;
  value: string;
  detail?: string;
  tone: BadgeTone;
}

const count = new Intl.NumberFormat('en');

function statCards(stats: DocumentStats): StatCard[] {
  return [
    {
      label: 'Total Documents',
      value: count.format(stats.totalDocuments),
      detail: `${count.format(stats.totalChunks)} ${stats.totalChunks === 1 ? 'chunk' : 'chunks'} indexed`,
      tone: 'primary',
    },
    { label: 'Processed', value: count.format(stats.processed), tone: 'success' },
    { label: 'Processing', value: count.format(stats.processing), detail: 'Uploading, indexing or processing', tone: 'info' },
    { label: 'Failed', value: count.format(stats.failed), tone: 'danger' },
    { label: 'Total Size', value: formatFileSize(stats.totalSize), tone: 'neutral' },
  ];
}

/** The spec's five stat cards, from GET /api/documents/stats. */
export function DocumentStatCards({ stats }: { stats: DocumentStats }) {
  return (
    <StyledStatList aria-label="Document statistics">
      {statCards(stats).map((card) => (
        <StyledStatCard key={card.label} $tone={card.tone}>
          <dt>{card.label}</dt>
          <dd>
            <strong>{card.value}</strong>
            {card.detail && <span>{card.detail}</span>}
          </dd>
        </StyledStatCard>
      ))}
    </StyledStatList>
  );
}

const StyledStatList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
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
