/** Height of every dashboard chart (spec 1 §2). */
export const CHART_HEIGHT = 230;

/** One bar: its axis label and value. */
export interface BarChartDatum {
  label: string;
  value: number;
}

/** One pie slice; `color` is a Mantine colour (e.g. "blue.6"). */
export interface PieDatum {
  name: string;
  value: number;
  color: string;
}

/** One series of a grouped bar chart: the data key, its legend label and a Mantine colour. */
export interface MultiBarSeries {
  name: string;
  label: string;
  color: string;
}
