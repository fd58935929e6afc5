import type { ProviderShare } from '@docent/common/metrics';
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { useTheme, type DefaultTheme } from 'styled-components';

const requestsOf = (share: ProviderShare) => share.requests;

/** A provider's slice colour, by its place in the list: theme tokens, distinct in both themes. */
export function providerColour(theme: DefaultTheme, index: number): string {
  const palette = [theme.color.primary, theme.color.success, theme.color.warning, theme.color.info, theme.color.danger];
  return palette[index % palette.length] ?? theme.color.textMuted;
}

interface ModelUsageChartProps {
  width: number;
  height: number;
  shares: readonly ProviderShare[];
}

/** Each provider's share of the last 24 hours' model calls, as a ring. */
export function ModelUsageChart({ width, height, shares }: ModelUsageChartProps) {
  const theme = useTheme();
  const radius = Math.max(0, Math.min(width, height) / 2 - 4);
  return (
    <svg width={width} height={height}>
      <Group top={height / 2} left={width / 2}>
        <Pie
          data={[...shares]}
          pieValue={requestsOf}
          pieSort={null}
          outerRadius={radius}
          innerRadius={radius * 0.6}
          padAngle={0.01}
        >
          {(pie) =>
            pie.arcs.map((arc) => (
              <path
                key={arc.data.provider}
                d={pie.path(arc) ?? ''}
                fill={providerColour(theme, shares.indexOf(arc.data))}
                stroke={theme.color.surface}
                strokeWidth={1}
              />
            ))
          }
        </Pie>
      </Group>
    </svg>
  );
}
