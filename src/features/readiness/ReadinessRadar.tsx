// The radar chart of the dimension scores (with the previous assessment's
// for comparison). Only the results load it: @mantine/charts and recharts
// stay out of every other page.
import { RadarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useCleanChartMarkup } from '@/components/charts/chartMarkup';
import { DIMENSIONS, shortName } from './framework';
import type { DimensionScores } from './scoring';

export function ReadinessRadar({ scores, previous }: { scores: DimensionScores; previous?: DimensionScores }) {
  const data = DIMENSIONS.map((dimension) => ({
    dimension: shortName(dimension.name),
    current: scores[dimension.id] ?? 0,
    ...(previous ? { previous: previous[dimension.id] ?? 0 } : {}),
  }));
  const chart = useCleanChartMarkup<HTMLDivElement>();
  return (
    <RadarChart
      ref={chart}
      h={300}
      data={data}
      dataKey="dimension"
      withPolarRadiusAxis
      // Ticks 0–100 between the first two axes, clear of the labels.
      polarRadiusAxisProps={{ domain: [0, 100], tickCount: 5, angle: 60, fontSize: 10 }}
      // Room for the axis labels beside the chart and the legend's two lines under it on a phone.
      radarChartProps={{ outerRadius: '56%', cy: previous ? '44%' : '50%' }}
      polarAngleAxisProps={{ fontSize: 12 }}
      withLegend={Boolean(previous)}
      series={[
        { name: 'current', label: 'This assessment', color: 'teal.6', opacity: 0.35 },
        ...(previous ? [{ name: 'previous', label: 'Previous assessment', color: 'gray.6', opacity: 0.1 }] : []),
      ]}
      role="img"
      aria-label={`Radar chart of your dimension scores: ${data.map((point) => `${point.dimension} ${point.current}`).join(', ')}`}
    />
  );
}
