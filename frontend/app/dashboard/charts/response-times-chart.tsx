import type { TwoHourlyPoint } from '@docent/common/metrics';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scalePoint, scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useTheme } from 'styled-components';
import { axisStyle, CHART_MARGIN, tickCountFor } from './chart-axes';
import { utcHourLabel } from './chart-card';

const startOf = (point: TwoHourlyPoint) => point.start;
const averageOf = (point: TwoHourlyPoint) => point.averageResponseTime;
const p95Of = (point: TwoHourlyPoint) => point.p95ResponseTime;
const measured = (value: number | null): value is number => value !== null;

const periodScale = (points: readonly TwoHourlyPoint[], width: number) =>
  scalePoint<string>({ domain: points.map(startOf), range: [0, width], padding: 0.5 });

const millisecondScale = (points: readonly TwoHourlyPoint[], height: number) =>
  scaleLinear<number>({
    domain: [0, Math.max(1, ...points.map(averageOf).filter(measured), ...points.map(p95Of).filter(measured))],
    range: [height, 0],
    nice: true,
  });

interface ResponseTimesChartProps {
  width: number;
  height: number;
  points: readonly TwoHourlyPoint[];
}

/** Average and 95th-percentile response times over the last 24 hours, two hours a point; gaps where nothing ran. */
export function ResponseTimesChart({ width, height, points }: ResponseTimesChartProps) {
  const theme = useTheme();
  const plotWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const plotHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const x = periodScale(points, plotWidth);
  const y = millisecondScale(points, plotHeight);
  const axis = axisStyle(theme);
  const labelEvery = Math.ceil(points.length / tickCountFor(plotWidth));
  const line = (value: (point: TwoHourlyPoint) => number | null, colour: string, dashed = false) => (
    <>
      <LinePath
        data={[...points]}
        defined={(point) => measured(value(point))}
        x={(point) => x(startOf(point)) ?? 0}
        y={(point) => y(value(point) ?? 0)}
        stroke={colour}
        strokeWidth={2}
        strokeDasharray={dashed ? '4 3' : undefined}
      />
      {points
        .filter((point) => measured(value(point)))
        .map((point) => (
          <circle key={point.start} cx={x(startOf(point)) ?? 0} cy={y(value(point) ?? 0)} r={3} fill={colour} />
        ))}
    </>
  );

  return (
    <svg width={width} height={height}>
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
        {line(p95Of, theme.color.warning, true)}
        {line(averageOf, theme.color.info)}
        <AxisLeft
          scale={y}
          numTicks={Math.max(2, Math.floor(plotHeight / 40))}
          tickFormat={(value) => `${Number(value)}ms`}
          {...axis}
        />
        <AxisBottom
          top={plotHeight}
          scale={x}
          tickValues={points.filter((_, index) => index % labelEvery === 0).map(startOf)}
          tickFormat={utcHourLabel}
          {...axis}
        />
      </Group>
    </svg>
  );
}
