import 'styled-components';

export type ThemeName = 'light' | 'dark';

/**
 * Width classes in px: below `tablet` the sidebar is a drawer; from `tablet` to `desktop`
 * it starts as icons; from `desktop` on it is as the user left it.
 */
const breakpoints = { tablet: 768, desktop: 1100 };

const shared = {
  breakpoints,
  /** Media queries for styled-components: `@media ${({ theme }) => theme.media.phone} { ... }`. */
  media: {
    phone: `(max-width: ${breakpoints.tablet - 0.02}px)`,
    tablet: `(min-width: ${breakpoints.tablet}px) and (max-width: ${breakpoints.desktop - 0.02}px)`,
    desktop: `(min-width: ${breakpoints.desktop}px)`,
    /** Where a finger, not a pointer, is the likely input: targets at least 44 px. */
    touch: `(max-width: ${breakpoints.tablet - 0.02}px), (pointer: coarse)`,
  },
  font: {
    family: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, monospace",
    size: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem' },
    weight: { regular: 400, medium: 500, bold: 600 },
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
  radius: { sm: '4px', md: '8px', lg: '12px', round: '999px' },
  layout: {
    sidebarWidth: '240px',
    sidebarCollapsedWidth: '64px',
    drawerWidth: 'min(280px, 85vw)',
    topBarHeight: '56px',
  },
  zIndex: { sidebar: 10, topBar: 20, menu: 30, drawer: 35, panel: 40, toast: 50 },
};

export const lightTheme = {
  ...shared,
  name: 'light' as ThemeName,
  color: {
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceMuted: '#eef0f3',
    border: '#d9dde3',
    text: '#14171c',
    textMuted: '#5a6270',
    primary: '#3a5bd9',
    primaryText: '#ffffff',
    primaryMuted: '#e5eafb',
    success: '#17693f',
    successMuted: '#e3f4ea',
    warning: '#9a5b00',
    warningMuted: '#fdf1dc',
    danger: '#c22f2f',
    dangerMuted: '#fbe6e6',
    info: '#2563a8',
    infoMuted: '#e2edf8',
    focus: '#3a5bd9',
    overlay: 'rgba(20, 23, 28, 0.45)',
  },
  shadow: { sm: '0 1px 2px rgba(20, 23, 28, 0.08)', md: '0 4px 16px rgba(20, 23, 28, 0.12)' },
};

export type Theme = typeof lightTheme;

export const darkTheme: Theme = {
  ...lightTheme,
  name: 'dark',
  color: {
    background: '#0f1216',
    surface: '#171b21',
    surfaceRaised: '#1e232b',
    surfaceMuted: '#242a33',
    border: '#313844',
    text: '#e8ebf0',
    textMuted: '#9aa3b2',
    primary: '#7b96f5',
    primaryText: '#0f1216',
    primaryMuted: '#243052',
    success: '#4cc38a',
    successMuted: '#173325',
    warning: '#f0b453',
    warningMuted: '#3a2c12',
    danger: '#f07272',
    dangerMuted: '#3d1c1c',
    info: '#6aa8ec',
    infoMuted: '#16283d',
    focus: '#7b96f5',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadow: { sm: '0 1px 2px rgba(0, 0, 0, 0.4)', md: '0 4px 16px rgba(0, 0, 0, 0.5)' },
};

export const THEMES: Record<ThemeName, Theme> = { light: lightTheme, dark: darkTheme };

export const isThemeName = (value: unknown): value is ThemeName => value === 'light' || value === 'dark';

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}
