import { useId } from 'react';
import styled from 'styled-components';

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A line under the label saying what the switch does. */
  description?: string;
  disabled?: boolean;
}

/** An on/off switch (role="switch"): Space or Enter toggles it, like a click. */
export function Switch({ label, checked, onChange, description, disabled = false }: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <StyledRow>
      <StyledTrack
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <StyledThumb aria-hidden="true" $checked={checked} />
      </StyledTrack>
      <StyledText>
        <span id={labelId}>{label}</span>
        {description && <small id={descriptionId}>{description}</small>}
      </StyledText>
    </StyledRow>
  );
}

const StyledRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledTrack = styled.button`
  position: relative;
  flex: none;
  width: 2.5rem;
  height: 1.5rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.surfaceMuted};
  cursor: pointer;

  &[aria-checked='true'] {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const StyledThumb = styled.span<{ $checked: boolean }>`
  position: absolute;
  top: 2px;
  left: ${({ $checked }) => ($checked ? 'calc(100% - 1.125rem - 2px)' : '2px')};
  width: 1.125rem;
  height: 1.125rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme, $checked }) => ($checked ? theme.color.primaryText : theme.color.textMuted)};
  transition: left 120ms ease;
`;

const StyledText = styled.div`
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};

  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }
`;
