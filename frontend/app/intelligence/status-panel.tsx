import type { IntelligenceStats } from '@docent/common/search';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { BadgeTone } from '~/components/ui/badge';
import { Badge } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import type { StatusResponse } from '~/components/shell/system-status';

const STATE_TONES: Record<string, BadgeTone> = { ready: 'success', degraded: 'warning' };

/** The spec's status panel (GET /status: each component's readiness and why it is not ready) and the raw stats. */
export function StatusPanel({ status, stats }: { status: StatusResponse | null; stats: IntelligenceStats }) {
  const { t } = useTranslation('intelligence');
  const titleId = useId();
  const components = Object.entries(status?.components ?? {});
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('status.title')} titleId={titleId} description={t('status.description')} />
      <CardBody>
        {status === null ? (
          <p>{t('status.notReported')}</p>
        ) : (
          <StyledComponentList>
            {components.map(([name, component]) => (
              <li key={name}>
                <span>{name}</span>
                <Badge $tone={STATE_TONES[component?.status ?? ''] ?? 'danger'}>
                  {component?.status ?? t('status.unknown')}
                </Badge>
                {component?.message && <StyledMessage>{component.message}</StyledMessage>}
              </li>
            ))}
          </StyledComponentList>
        )}
        <StyledRawStats>
          <summary>{t('status.rawStats')}</summary>
          <pre tabIndex={0} aria-label={t('status.rawStatsLabel')}>
            {JSON.stringify(stats, null, 2)}
          </pre>
        </StyledRawStats>
      </CardBody>
    </Card>
  );
}

const StyledComponentList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    align-content: flex-start;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }

  li > span:first-child {
    flex: 1;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const StyledMessage = styled.small`
  flex-basis: 100%;
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledRawStats = styled.details`
  margin-top: ${({ theme }) => theme.space.md};

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  summary:focus-visible,
  pre:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  pre {
    margin: ${({ theme }) => theme.space.sm} 0 0;
    padding: ${({ theme }) => theme.space.md};
    overflow: auto;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.sm};
    background: ${({ theme }) => theme.color.surfaceMuted};
    border-radius: ${({ theme }) => theme.radius.md};
  }
`;
