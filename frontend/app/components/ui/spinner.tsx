import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

type SpinnerSize = 'sm' | 'md' | 'lg';
const SIZES: Record<SpinnerSize, 'md' | 'lg' | 'xxl'> = { sm: 'md', md: 'lg', lg: 'xxl' };

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  size?: SpinnerSize;
}

/** An indeterminate progress indicator that announces itself politely. */
export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <StyledSpinner role="status" $size={SIZES[size]}>
      <span className="visually-hidden">{label ?? t('ui.loading')}</span>
    </StyledSpinner>
  );
}

const StyledSpinner = styled.span<{ $size: 'md' | 'lg' | 'xxl' }>`
  display: inline-block;
  flex: none;
  width: ${({ theme, $size }) => theme.font.size[$size]};
  height: ${({ theme, $size }) => theme.font.size[$size]};
  border-radius: ${({ theme }) => theme.radius.round};
  border: 2px solid ${({ theme }) => theme.color.border};
  border-top-color: ${({ theme }) => theme.color.primary};
  animation: ${spin} 0.8s linear infinite;
`;
