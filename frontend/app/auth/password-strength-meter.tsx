import { passwordStrength, type PasswordStrengthLabel } from '@docent/common/validation';
import { Trans, useTranslation } from 'react-i18next';
import styled, { type DefaultTheme } from 'styled-components';

const CRITERIA_COUNT = 5;

const toneOf = (theme: DefaultTheme, label: PasswordStrengthLabel) =>
  ({ Weak: theme.color.danger, Fair: theme.color.warning, Good: theme.color.info, Strong: theme.color.success })[label];

const StyledMeter = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const StyledBars = styled.div`
  display: grid;
  grid-template-columns: repeat(${CRITERIA_COUNT}, 1fr);
  gap: ${({ theme }) => theme.space.xs};
`;

const StyledBar = styled.span<{ $filled: boolean; $label: PasswordStrengthLabel }>`
  height: 4px;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme, $filled, $label }) => ($filled ? toneOf(theme, $label) : theme.color.surfaceMuted)};
`;

const StyledVerdict = styled.span<{ $label: PasswordStrengthLabel }>`
  strong {
    color: ${({ theme, $label }) => toneOf(theme, $label)};
  }
`;

/**
 * The spec's five-criterion meter: 8+ characters, an uppercase letter, a lowercase
 * letter, a digit and a special character; up to 2 met is Weak, 3 Fair, 4 Good, 5 Strong.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  if (password.length === 0) {
    return <span>{t('strength.hint')}</span>;
  }
  const { score, label } = passwordStrength(password);
  return (
    <StyledMeter>
      <StyledBars aria-hidden="true">
        {Array.from({ length: CRITERIA_COUNT }, (_, index) => (
          <StyledBar key={index} $filled={index < score} $label={label} />
        ))}
      </StyledBars>
      <StyledVerdict $label={label}>
        <Trans
          t={t}
          i18nKey="strength.verdict"
          values={{ label: t(`strength.labels.${label}`), score, criteria: CRITERIA_COUNT }}
          components={{ strong: <strong /> }}
        />
      </StyledVerdict>
    </StyledMeter>
  );
}
