import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTheme } from 'styled-components';
import { axisStyle, CHART_MARGIN, tickCountFor } from '~/dashboard/charts/chart-axes';

export interface BarDatum {
  key: string;
  label: string;
  value: number;
}

const keyOf = (datum: BarDatum) => datum.key;
const valueOf = (datum: BarDatum) => datum.value;

const bandScale = (data: readonly BarDatum[], width: number) =>
  scaleBand<string>({ domain: data.map(keyOf), range: [0, width], padding: 0.2 });

const valueScale = (data: readonly BarDatum[], height: number) =>
  scaleLinear<number>({ domain: [0, Math.max(1, ...data.map(valueOf))], range: [height, 0], nice: true });

interface BarSeriesChartProps {
  width: number;
  height: number;
  data: readonly BarDatum[];
  /** Formats the value axis ('$1.20'); plain numbers otherwise. */
  formatValue?: (value: number) => string;
}

/** One value per bucket as bars, labelled along the bottom: usage over time, busiest hours. */
export function BarSeriesChart({ width, height, data, formatValue = String }: BarSeriesChartProps) {
  const theme = useTheme();
  const plotWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const plotHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const x = bandScale(data, plotWidth);
  const y = valueScale(data, plotHeight);
  const axis = axisStyle(theme);
  const labelEvery = Math.max(1, Math.ceil(data.length / tickCountFor(plotWidth)));
  const labels = new Map(data.map((datum) => [datum.key, datum.label]));

  return (
    <svg width={width} height={height}>
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
        {data.map((datum) => {
          const top = y(valueOf(datum));
          return (
            <Bar
              key={datum.key}
              x={x(keyOf(datum)) ?? 0}
              y={top}
              width={x.bandwidth()}
              height={plotHeight - top}
              fill={theme.color.primary}
            />
          );
        })}
        <AxisLeft
          scale={y}
          numTicks={Math.max(2, Math.floor(plotHeight / 40))}
          tickFormat={(value) => formatValue(Number(value))}
          {...axis}
        />
        <AxisBottom
          top={plotHeight}
          scale={x}
          tickValues={data.filter((_, index) => index % labelEvery === 0).map(keyOf)}
          tickFormat={(key) => labels.get(key) ?? key}
          {...axis}
        />
      </Group>
    </svg>
  );
}
