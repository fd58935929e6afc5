import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name, also shown as a tooltip. Required: the button shows only an icon. */
  label: string;
  /** sm: inside lists and toasts, next to text. */
  size?: 'sm' | 'md';
  children: ReactNode;
}

/** A square button holding one icon. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, size = 'md', children, type = 'button', title, ...props },
  ref,
) {
  return (
    <StyledIconButton ref={ref} type={type} aria-label={label} title={title ?? label} $size={size} {...props}>
      {children}
    </StyledIconButton>
  );
});

export const StyledIconButton = styled.button<{ $size?: 'sm' | 'md' }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => ($size === 'sm' ? '1.75rem' : '2.25rem')};
  height: ${({ $size }) => ($size === 'sm' ? '1.75rem' : '2.25rem')};
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme, $size }) => ($size === 'sm' ? theme.radius.sm : theme.radius.md)};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.text};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  @media ${({ theme }) => theme.media.touch} {
    min-width: 2.75rem;
    min-height: 2.75rem;
  }
`;
