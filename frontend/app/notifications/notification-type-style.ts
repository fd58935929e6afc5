import type { DefaultTheme } from 'styled-components';
import type { NotificationType } from './notification-store';

type ColorToken = keyof DefaultTheme['color'];

/** Each type's accent and background, as theme tokens. Colour is never the only cue: the type's name is shown too. */
const TYPE_TOKENS: Readonly<Record<NotificationType, { accent: ColorToken; muted: ColorToken }>> = {
  info: { accent: 'info', muted: 'infoMuted' },
  success: { accent: 'success', muted: 'successMuted' },
  warning: { accent: 'warning', muted: 'warningMuted' },
  error: { accent: 'danger', muted: 'dangerMuted' },
  system: { accent: 'textMuted', muted: 'surfaceMuted' },
  security: { accent: 'danger', muted: 'dangerMuted' },
  processing: { accent: 'primary', muted: 'primaryMuted' },
  search: { accent: 'info', muted: 'infoMuted' },
};

export const typeAccent = (theme: DefaultTheme, type: NotificationType): string =>
  theme.color[TYPE_TOKENS[type].accent];
export const typeMuted = (theme: DefaultTheme, type: NotificationType): string => theme.color[TYPE_TOKENS[type].muted];
