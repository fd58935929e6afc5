import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, StyledField, StyledHint, StyledInput, StyledLabel } from './field-parts';
import { InlineError } from './inline-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** Shown under the field in the danger colour; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled single-line input whose hint and error are announced with it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, 'aria-describedby': extraDescription, ...inputProps },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <StyledField>
      <StyledLabel htmlFor={inputId}>{label}</StyledLabel>
      <StyledInput
        ref={ref}
        id={inputId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(extraDescription, hintId, errorId)}
        {...inputProps}
      />
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
      {error && errorId && <InlineError id={errorId}>{error}</InlineError>}
    </StyledField>
  );
});
