import type { HourlyPoint } from '@docent/common/metrics';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useTheme } from 'styled-components';
import { axisStyle, CHART_MARGIN, tickCountFor } from './chart-axes';
import { utcHourLabel } from './chart-card';

const hourOf = (point: HourlyPoint) => point.start;
const requestsOf = (point: HourlyPoint) => point.requests;
const errorsOf = (point: HourlyPoint) => point.errors;
const modelCallsOf = (point: HourlyPoint) => point.modelCalls;

const hourScale = (points: readonly HourlyPoint[], width: number) =>
  scaleBand<string>({ domain: points.map(hourOf), range: [0, width], padding: 0.2 });

const countScale = (points: readonly HourlyPoint[], height: number) =>
  scaleLinear<number>({
    domain: [0, Math.max(1, ...points.map(requestsOf), ...points.map(modelCallsOf))],
    range: [height, 0],
    nice: true,
  });

interface ModelPerformanceChartProps {
  width: number;
  height: number;
  points: readonly HourlyPoint[];
}

/** The last 24 hours: API requests per hour as bars, their failures over them, and model calls as a line. */
export function ModelPerformanceChart({ width, height, points }: ModelPerformanceChartProps) {
  const theme = useTheme();
  const plotWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const plotHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const x = hourScale(points, plotWidth);
  const y = countScale(points, plotHeight);
  const axis = axisStyle(theme);
  const labelEvery = Math.ceil(points.length / tickCountFor(plotWidth));

  return (
    <svg width={width} height={height}>
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
        {points.map((point) => {
          const left = x(hourOf(point)) ?? 0;
          const requestsTop = y(requestsOf(point));
          const errorsTop = y(errorsOf(point));
          return (
            <g key={point.start}>
              <Bar
                x={left}
                y={requestsTop}
                width={x.bandwidth()}
                height={plotHeight - requestsTop}
                fill={theme.color.primary}
              />
              <Bar
                x={left}
                y={errorsTop}
                width={x.bandwidth()}
                height={plotHeight - errorsTop}
                fill={theme.color.danger}
              />
            </g>
          );
        })}
        <LinePath
          data={[...points]}
          x={(point) => (x(hourOf(point)) ?? 0) + x.bandwidth() / 2}
          y={(point) => y(modelCallsOf(point))}
          stroke={theme.color.success}
          strokeWidth={2}
        />
        <AxisLeft scale={y} numTicks={Math.max(2, Math.floor(plotHeight / 40))} {...axis} />
        <AxisBottom
          top={plotHeight}
          scale={x}
          tickValues={points.filter((_, index) => index % labelEvery === 0).map(hourOf)}
          tickFormat={utcHourLabel}
          {...axis}
        />
      </Group>
    </svg>
  );
}
