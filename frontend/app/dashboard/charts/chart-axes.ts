import type { DefaultTheme } from 'styled-components';

/** Room around a cartesian chart's plot for its axes' labels. */
export const CHART_MARGIN = { top: 8, right: 8, bottom: 24, left: 56 };

/** Axis lines and labels in the theme's colours, readable in both themes. */
export function axisStyle(theme: DefaultTheme) {
  return {
    stroke: theme.color.border,
    tickStroke: theme.color.border,
    tickLabelProps: { fill: theme.color.textMuted, fontSize: 11, fontFamily: theme.font.family },
  };
}

/** Fewer ticks on a phone: about one per 60 px. */
export const tickCountFor = (length: number) => Math.max(2, Math.floor(length / 60));
