import styled, { css, keyframes } from 'styled-components';
import { StatusDot, toneBackground, toneText, type BadgeTone } from '~/components/ui/badge';
import { useConnection, type ConnectionStatus } from '~/connection/connection-context';

const PRESENTATION: Record<ConnectionStatus, { text: string; tone: BadgeTone; description: string }> = {
  connecting: { text: 'Connecting...', tone: 'warning', description: 'Real-time updates are connecting' },
  live: { text: 'Live', tone: 'success', description: 'Real-time updates are live' },
  offline: { text: 'Offline', tone: 'danger', description: 'Real-time updates are offline' },
};

/** The live-connection indicator: 'Connecting...', 'Live', or 'Offline' with Retry. */
export function ConnectionIndicator() {
  const { status, retry } = useConnection();
  const { text, tone, description } = PRESENTATION[status];
  return (
    <StyledIndicator>
      <StyledState role="status" title={description} $tone={tone}>
        <StyledPulse $pulsing={status === 'connecting'} $tone={tone} />
        <span className="visually-hidden">Real-time connection: </span>
        <span>{text}</span>
      </StyledState>
      {status === 'offline' && (
        <StyledRetryButton type="button" onClick={retry} aria-label="Retry connection" title="Reconnect now">
          Retry
        </StyledRetryButton>
      )}
    </StyledIndicator>
  );
}

const pulse = keyframes`
  50% { opacity: 0.3; }
`;

const StyledIndicator = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  flex: none;
`;

const StyledState = styled.p<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.sm};
  min-height: 1.75rem;
  border-radius: ${({ theme }) => theme.radius.round};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  color: ${({ theme, $tone }) => toneText(theme, $tone)};
  background: ${({ theme, $tone }) => toneBackground(theme, $tone)};
`;

const StyledPulse = styled(StatusDot)<{ $pulsing: boolean }>`
  ${({ $pulsing }) =>
    $pulsing &&
    css`
      animation: ${pulse} 1.2s ease-in-out infinite;
    `}
`;

const StyledRetryButton = styled.button`
  min-height: 1.75rem;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;
