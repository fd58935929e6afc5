import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { THEMES, type ThemeName } from './theme';

/** Not a secret: a plain cookie, so the server renders the chosen theme and nothing flashes. */
export const THEME_COOKIE = 'docent_theme';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

interface ThemePreference {
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
  toggleTheme: () => void;
}

const ThemePreferenceContext = createContext<ThemePreference | null>(null);

export function ThemePreferenceProvider({ initialTheme, children }: { initialTheme: ThemeName; children: ReactNode }) {
  const [theme, setThemeState] = useState(initialTheme);
  const setTheme = useCallback((next: ThemeName) => {
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    document.documentElement.dataset.theme = next;
    setThemeState(next);
  }, []);
  const value = useMemo(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );
  return (
    <ThemePreferenceContext.Provider value={value}>
      <ThemeProvider theme={THEMES[theme]}>{children}</ThemeProvider>
    </ThemePreferenceContext.Provider>
  );
}

export function useThemePreference(): ThemePreference {
  const context = useContext(ThemePreferenceContext);
  if (!context) throw new Error('useThemePreference needs a ThemePreferenceProvider');
  return context;
}

/** The theme named by the request's cookie, else the one the browser prefers when it says so. */
export function themeFromRequest(request: Request): ThemeName {
  const cookie = request.headers.get('Cookie') ?? '';
  const chosen = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)`).exec(cookie)?.[1];
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return request.headers.get('Sec-CH-Prefers-Color-Scheme') === 'dark' ? 'dark' : 'light';
}
