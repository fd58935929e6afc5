import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { describedBy, inputStyles, StyledField, StyledHint, StyledLabel } from './field-parts';
import { InlineError } from './inline-error';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: string;
  error?: string | null;
  /** Rendered under the field and read as its description (for example a strength meter). */
  hint?: ReactNode;
}

const StyledControl = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const StyledPasswordInput = styled.input<{ $invalid?: boolean }>`
  ${inputStyles}
  padding-right: 4.5rem;
`;

const StyledToggle = styled.button`
  position: absolute;
  right: ${({ theme }) => theme.space.xs};
  min-width: 3.75rem;
  min-height: 2rem;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.primaryMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  &:disabled {
    color: ${({ theme }) => theme.color.textMuted};
    cursor: not-allowed;
  }
`;

/** A labelled password input with a Show/Hide button that reveals what was typed. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, id, disabled, 'aria-describedby': extraDescription, ...inputProps },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <StyledField>
      <StyledLabel htmlFor={inputId}>{label}</StyledLabel>
      <StyledControl>
        <StyledPasswordInput
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          disabled={disabled}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(extraDescription, hintId, errorId)}
          {...inputProps}
        />
        <StyledToggle
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          disabled={disabled}
          aria-controls={inputId}
          aria-label={visible ? t('ui.hideField', { field: label }) : t('ui.showField', { field: label })}
        >
          {visible ? t('ui.hide') : t('ui.show')}
        </StyledToggle>
      </StyledControl>
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
      {error && errorId && <InlineError id={errorId}>{error}</InlineError>}
    </StyledField>
  );
});
