import { useTranslation } from 'react-i18next';
import { IconButton } from '~/components/ui/icon-button';
import { MoonIcon, SunIcon } from '~/components/ui/icons';
import { useThemePreference } from '~/styles/theme-preference';

/** Light/dark switch; the choice is kept in a cookie, so it survives reloads. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useThemePreference();
  const { t } = useTranslation();
  return (
    <IconButton label={theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark')} onClick={toggleTheme}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
