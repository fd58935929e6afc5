import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styled, { css, keyframes } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner beside the label and marks the button busy (it should also be disabled). */
  busy?: boolean;
  fullWidth?: boolean;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
    &:hover:not(:disabled) {
      filter: brightness(1.08);
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.color.surface};
    border-color: ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.text};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.surfaceMuted};
    }
  `,
  ghost: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.color.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.primaryMuted};
    }
  `,
};

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** Decoration only: the button itself says it is busy (aria-busy) and keeps its label. */
const StyledBusyRing = styled.span`
  display: inline-block;
  flex: none;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: ${({ theme }) => theme.radius.round};
  animation: ${spin} 0.8s linear infinite;
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  transition:
    background 120ms ease,
    filter 120ms ease;

  ${({ $variant }) => variants[$variant]}

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, fullWidth = false, type = 'button', children, ...buttonProps },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $fullWidth={fullWidth}
      aria-busy={busy || undefined}
      {...buttonProps}
    >
      {busy && <StyledBusyRing aria-hidden="true" />}
      {children}
    </StyledButton>
  );
});
