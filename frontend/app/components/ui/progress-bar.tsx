import styled from 'styled-components';

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** What is progressing, for assistive technology. */
  label: string;
  tone?: 'primary' | 'success' | 'danger';
}

/** A determinate progress bar. `<ProgressBar value={40} label="Uploading report.pdf" />` */
export function ProgressBar({ value, label, tone = 'primary' }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <StyledTrack role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <StyledFill $tone={tone} style={{ width: `${percent}%` }} />
    </StyledTrack>
  );
}

const StyledTrack = styled.div`
  width: 100%;
  height: 0.375rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.surfaceMuted};
`;

const StyledFill = styled.div<{ $tone: 'primary' | 'success' | 'danger' }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => theme.color[$tone]};
  transition: width 200ms ease;
`;
