// The registrations-per-day chart. Loaded on its own (React.lazy) by the
// overview, so the charts library is fetched only when the admin overview shows it.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useCleanChartMarkup } from '@/components/charts/chartMarkup';
import type { DayCounts } from './overviewApi';
import { formatDay } from './format';

const SERIES = [
  { name: 'paid', label: 'Paid', color: 'navy.6' },
  { name: 'promo', label: 'Promo code', color: 'amber.6' },
  { name: 'waitlist', label: 'Waitlist', color: 'gray.5' },
];

export default function RegistrationsChart({ days }: { days: DayCounts[] }) {
  const data = days.map((day) => ({ ...day, day: formatDay(day.date) }));
  const chart = useCleanChartMarkup<HTMLDivElement>();
  return (
    <BarChart
      ref={chart}
      h={260}
      data={data}
      dataKey="day"
      type="stacked"
      maxBarWidth={40}
      series={SERIES}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false, width: 32 }}
      tooltipAnimationDuration={150}
    />
  );
}
