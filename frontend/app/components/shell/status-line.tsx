import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StatusDot } from '~/components/ui/badge';
import { summarizeSystemStatus } from './system-status';
import { useSystemStatus } from './use-system-status';

/** The sidebar's status line, from GET /status: 'All Systems Online', what is off by configuration, 'Degraded: ...' or 'Offline'. */
export function StatusLine() {
  const { t } = useTranslation();
  const summary = summarizeSystemStatus(useSystemStatus(), t);
  const tooltip = [summary.text, ...summary.details].join('\n');
  return (
    <StyledStatusLine role="status" title={tooltip}>
      <StatusDot $tone={summary.tone} />
      <StyledStatusText>{summary.text}</StyledStatusText>
    </StyledStatusLine>
  );
}

/** Exported so the sidebar's icons-only layout can centre the dot and hide the words. */
export const StyledStatusLine = styled.p`
  display: flex;
  align-items: center;
  flex: 1;
  min-width: 0;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export const StyledStatusText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;
