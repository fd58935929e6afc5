import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { NOTIFICATION_TYPES } from './notification-store';
import { useNotificationActions, useNotificationsState } from './notifications-context';

/** The notification settings: the three channels, then one switch per type. */
export function NotificationSettingsForm() {
  const { t } = useTranslation();
  const { settings, browserPermission } = useNotificationsState();
  const { updateSettings } = useNotificationActions();
  const browserUnavailable = browserPermission === 'denied' || browserPermission === 'unsupported';

  return (
    <StyledSettings>
      <StyledFieldset>
        <StyledLegend>{t('notifications.delivery')}</StyledLegend>
        <SettingSwitch
          label={t('notifications.toasts')}
          description={t('notifications.toastsDescription')}
          checked={settings.enableToast}
          onChange={(enableToast) => updateSettings({ enableToast })}
        />
        <SettingSwitch
          label={t('notifications.browser')}
          description={t(`notifications.permission.${browserPermission}`)}
          checked={settings.enableBrowser && !browserUnavailable}
          disabled={browserUnavailable}
          onChange={(enableBrowser) => updateSettings({ enableBrowser })}
        />
        <SettingSwitch
          label={t('notifications.sound')}
          description={t('notifications.soundDescription')}
          checked={settings.enableSound}
          onChange={(enableSound) => updateSettings({ enableSound })}
        />
      </StyledFieldset>
      <StyledFieldset>
        <StyledLegend>{t('notifications.categories')}</StyledLegend>
        <StyledHint>
          Turned-off categories are still listed here, but never pop up, play a sound or reach the browser.
        </StyledHint>
        {NOTIFICATION_TYPES.map((type) => (
          <SettingSwitch
            key={type}
            label={t(`notifications.types.${type}`)}
            checked={settings.categories[type]}
            onChange={(on) => updateSettings({ categories: { [type]: on } })}
          />
        ))}
      </StyledFieldset>
    </StyledSettings>
  );
}

interface SettingSwitchProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A switch whose whole row is the control; its visible label is its accessible name. */
function SettingSwitch({ label, description, checked, disabled = false, onChange }: SettingSwitchProps) {
  const descriptionId = useId();
  return (
    <StyledSwitchRow>
      <StyledSwitchButton
        type="button"
        role="switch"
        aria-checked={checked}
        aria-disabled={disabled || undefined}
        aria-describedby={description ? descriptionId : undefined}
        onClick={() => {
          if (!disabled) onChange(!checked);
        }}
      >
        <StyledSwitchLabel>{label}</StyledSwitchLabel>
        <StyledTrack aria-hidden="true" $checked={checked} $disabled={disabled}>
          <StyledThumb $checked={checked} />
        </StyledTrack>
      </StyledSwitchButton>
      {description && <StyledDescription id={descriptionId}>{description}</StyledDescription>}
    </StyledSwitchRow>
  );
}

const StyledSettings = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
`;

const StyledFieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const StyledLegend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const StyledHint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledSwitchRow = styled.div`
  display: flex;
  flex-direction: column;
`;

const StyledSwitchButton = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  text-align: left;
  background: transparent;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const StyledSwitchLabel = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledTrack = styled.span<{ $checked: boolean; $disabled: boolean }>`
  flex: none;
  position: relative;
  width: 2.25rem;
  height: 1.25rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme, $checked }) => ($checked ? theme.color.primary : theme.color.border)};
  opacity: ${({ $disabled }) => ($disabled ? 0.5 : 1)};
  transition: background 120ms ease;
`;

const StyledThumb = styled.span<{ $checked: boolean }>`
  position: absolute;
  top: 2px;
  left: 2px;
  width: calc(1.25rem - 4px);
  height: calc(1.25rem - 4px);
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  transform: translateX(${({ $checked }) => ($checked ? '1rem' : '0')});
  transition: transform 120ms ease;
`;

const StyledDescription = styled.span`
  padding: 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;
