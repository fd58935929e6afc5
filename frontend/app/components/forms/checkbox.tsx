import { forwardRef, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: string;
}

const StyledCheckboxLabel = styled.label<{ $disabled?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme, $disabled }) => ($disabled ? theme.color.textMuted : theme.color.text)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
`;

const StyledCheckboxInput = styled.input`
  width: 1.125rem;
  height: 1.125rem;
  margin: 0;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: inherit;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** A checkbox whose whole label is the click target. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, disabled, ...inputProps },
  ref,
) {
  return (
    <StyledCheckboxLabel $disabled={disabled}>
      <StyledCheckboxInput ref={ref} type="checkbox" disabled={disabled} {...inputProps} />
      <span>{label}</span>
    </StyledCheckboxLabel>
  );
});
