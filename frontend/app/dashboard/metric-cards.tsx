import type { RealtimeMetrics } from '@docent/common/metrics';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ProgressBar } from '~/components/ui/progress-bar';
import { metricCardFigures } from './dashboard-format';
import { useNumberFormats } from './use-number-formats';

/** The eight metric cards, Success Rate and System Health with a progress bar. */
export function MetricCards({ metrics }: { metrics: RealtimeMetrics }) {
  const { t } = useTranslation('dashboard');
  const format = useNumberFormats();
  return (
    <StyledGrid aria-label={t('metrics.label')}>
      {metricCardFigures(metrics, t, format).map((figure) => (
        <StyledCard key={figure.label}>
          <dt>{figure.label}</dt>
          <dd>
            <strong>{figure.value}</strong>
            {figure.progress !== undefined && (
              <ProgressBar
                value={figure.progress}
                label={figure.label}
                tone={figure.progress >= 95 ? 'success' : figure.progress >= 80 ? 'primary' : 'danger'}
              />
            )}
          </dd>
        </StyledCard>
      ))}
    </StyledGrid>
  );
}

const StyledGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
`;

const StyledCard = styled.div`
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
    margin: ${({ theme }) => theme.space.xs} 0 0;
  }

  strong {
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    line-height: 1.2;
  }
`;
