import { IconButton } from '~/components/ui/icon-button';
import { MoonIcon, SunIcon } from '~/components/ui/icons';
import { useThemePreference } from '~/styles/theme-preference';

/** Light/dark switch; the choice is kept in a cookie, so it survives reloads. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useThemePreference();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton label={`Switch to ${next} theme`} onClick={toggleTheme}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
