import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { describedBy, StyledField, StyledHint, StyledLabel } from '~/components/forms';
import { inputStyles } from '~/components/forms/field-parts';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled native select, styled like the text fields. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, id, children, 'aria-describedby': extraDescription, ...selectProps },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  return (
    <StyledField>
      <StyledLabel htmlFor={selectId}>{label}</StyledLabel>
      <StyledSelect ref={ref} id={selectId} aria-describedby={describedBy(extraDescription, hintId)} {...selectProps}>
        {children}
      </StyledSelect>
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
    </StyledField>
  );
});

const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${inputStyles}
`;
