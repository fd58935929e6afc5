import styled, { type DefaultTheme } from 'styled-components';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

/**
 * Text for a pill tinted with the tone: the tone's colour pulled 15% towards the
 * body text, so that small text keeps a 4.5:1 contrast on the muted tint in both
 * themes (the plain light-theme success on successMuted is 4.4:1).
 */
export function toneText(theme: DefaultTheme, tone: BadgeTone): string {
  if (tone === 'neutral') return theme.color.textMuted;
  return `color-mix(in srgb, ${theme.color[tone]} 85%, ${theme.color.text})`;
}

/** The muted tint behind a tone's text. */
export function toneBackground(theme: DefaultTheme, tone: BadgeTone): string {
  return tone === 'neutral' ? theme.color.surfaceMuted : theme.color[`${tone}Muted`];
}

/** A short label in a pill. `<Badge $tone="success">Live</Badge>` */
export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  flex: none;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.round};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.6;
  white-space: nowrap;
  color: ${({ theme, $tone = 'neutral' }) => toneText(theme, $tone)};
  background: ${({ theme, $tone = 'neutral' }) => toneBackground(theme, $tone)};
`;

/** A small coloured dot for a state whose name is written beside it. */
export const StatusDot = styled.span<{ $tone?: BadgeTone }>`
  display: inline-block;
  flex: none;
  width: 0.5rem;
  height: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme, $tone = 'neutral' }) => ($tone === 'neutral' ? theme.color.textMuted : theme.color[$tone])};
`;
