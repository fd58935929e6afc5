import { useId, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { describedBy, InlineError, StyledField, StyledHint, StyledLabel } from '~/components/forms';

interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

/** Steps are decimal fractions: 0.1 × 3 reads as 0.3, not 0.30000000000000004. */
const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/**
 * A labelled range input showing its value. Page Up and Page Down move ten steps (spec
 * section 5), where the browser's own page step depends on the range.
 */
export function SliderField({ label, value, min, max, step, onChange, hint, error, disabled }: SliderFieldProps) {
  const inputId = useId();
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const decimals = decimalsOf(step);
  const clamp = (next: number) => Number(Math.min(max, Math.max(min, next)).toFixed(decimals));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = { PageUp: 1, PageDown: -1 }[event.key];
    if (direction === undefined) return;
    event.preventDefault();
    onChange(clamp(value + direction * step * 10));
  };

  return (
    <StyledField>
      <StyledHeader>
        <StyledLabel htmlFor={inputId}>{label}</StyledLabel>
        <output htmlFor={inputId}>{value.toFixed(decimals)}</output>
      </StyledHeader>
      <StyledRange
        id={inputId}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        onChange={(event) => onChange(clamp(Number(event.target.value)))}
        onKeyDown={onKeyDown}
      />
      <StyledScale aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </StyledScale>
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
      {error && errorId && <InlineError id={errorId}>{error}</InlineError>}
    </StyledField>
  );
}

const StyledHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;

  output {
    font-variant-numeric: tabular-nums;
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const StyledRange = styled.input`
  width: 100%;
  accent-color: ${({ theme }) => theme.color.primary};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const StyledScale = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
