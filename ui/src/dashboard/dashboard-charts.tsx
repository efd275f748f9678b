import type { TicketsDayDto, TicketsUsersDto } from '@balcao/sdk';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel } from './dashboard-format';

// Loaded on demand (React.lazy in dashboard-screen.tsx): the chart library is its own chunk, fetched by admins only.

const BAR_COLOR = '#2e7d32';
const HEIGHT = 260;
// Follows the theme (dashboard.css sets the variables for light and dark).
const TOOLTIP_STYLE = {
  background: 'var(--dashboard-tooltip-bg)',
  borderColor: 'var(--dashboard-tooltip-border)',
};

function TicketsBars({ data, testId }: { data: { label: string; total: number }[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-chart" data-testid={testId}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" interval="preserveStartEnd" />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fillOpacity: 0.1 }} />
          <Bar
            dataKey="total"
            name={t('dashboard.charts.total')}
            fill={BAR_COLOR}
            maxBarSize={64}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Tickets per day of the period, or per hour when it is one day. */
export function TicketsPerDayChart({ series }: { series: TicketsDayDto }) {
  const data = series.data.map((row) => ({
    label: 'date' in row ? dayLabel(row.date) : row.hour,
    total: row.total,
  }));
  return <TicketsBars data={data} testId="dashboard-chart-day" />;
}

/** Tickets of the period per attendant. */
export function TicketsPerUserChart({ series }: { series: TicketsUsersDto }) {
  const data = series.data.map((row) => ({ label: row.name, total: row.quantity }));
  return <TicketsBars data={data} testId="dashboard-chart-users" />;
}
