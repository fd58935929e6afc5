import { useTranslation } from 'react-i18next';
import styled, { css, keyframes } from 'styled-components';
import { StatusDot, toneBackground, toneText, type BadgeTone } from '~/components/ui/badge';
import { useConnection, type ConnectionStatus } from '~/connection/connection-context';

const TONES: Record<ConnectionStatus, BadgeTone> = { connecting: 'warning', live: 'success', offline: 'danger' };

/** The live-connection indicator: 'Connecting...', 'Live', or 'Offline' with Retry. */
export function ConnectionIndicator() {
  const { status, retry } = useConnection();
  const { t } = useTranslation();
  const tone = TONES[status];
  const text = t(`connection.${status}`);
  const description = t(`connection.${status}Description`);
  return (
    <StyledIndicator>
      <StyledState role="status" title={description} $tone={tone}>
        <StyledPulse $pulsing={status === 'connecting'} $tone={tone} />
        <span className="visually-hidden">{t('connection.prefix')}</span>
        <span>{text}</span>
      </StyledState>
      {status === 'offline' && (
        <StyledRetryButton
          type="button"
          onClick={retry}
          aria-label={t('connection.retryLabel')}
          title={t('connection.retryTitle')}
        >
          {t('connection.retry')}
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
