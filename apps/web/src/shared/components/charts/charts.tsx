/**
 * The chart implementations. Heavy (recharts): only ever import this module through `./index`
 * (React.lazy), so it stays out of the login page and the first chunk of the pages that use it.
 */
import '@mantine/charts/styles.css';
import { BarChart, PieChart } from '@mantine/charts';
import { CHART_HEIGHT, type BarChartDatum, type MultiBarSeries, type PieDatum } from './types';

export function BarChartImpl({
  data,
  seriesLabel,
  color = 'brand.6',
}: {
  data: BarChartDatum[];
  seriesLabel: string;
  color?: string;
}) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={data.map((d) => ({ label: d.label, value: d.value }))}
      dataKey="label"
      series={[{ name: 'value', label: seriesLabel, color }]}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false }}
      barProps={{ radius: [4, 4, 0, 0] }}
    />
  );
}

export function PieChartImpl({ data }: { data: PieDatum[] }) {
  return (
    <PieChart
      h={CHART_HEIGHT}
      size={200}
      mx="auto"
      data={data.filter((d) => d.value > 0)}
      withTooltip
      tooltipDataSource="segment"
      withLabels
      labelsType="value"
      labelsPosition="inside"
      strokeWidth={1}
    />
  );
}

export function MultiBarChartImpl({
  data,
  series,
}: {
  data: Record<string, string | number>[];
  series: MultiBarSeries[];
}) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={data}
      dataKey="label"
      series={series}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false }}
      barProps={{ radius: [4, 4, 0, 0] }}
    />
  );
}
