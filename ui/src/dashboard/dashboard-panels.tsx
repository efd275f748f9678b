import type { DashboardAttendant, DashboardCounters } from '@balcao/sdk';
import { Card, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot } from '../plugins/slot';
import { formatMinutes, formatPercent, formatRating } from './dashboard-format';
import type { DashboardData } from './use-dashboard';

// One chunk for both charts: the chart library loads when a chart first shows.
const TicketsPerDayChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.TicketsPerDayChart })),
);
const TicketsPerUserChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.TicketsPerUserChart })),
);

type CounterKey = keyof DashboardCounters;

function Counter({ name, value }: { name: CounterKey; value: string | number }) {
  const { t } = useTranslation();
  return (
    <Card className="dashboard-counter" data-testid={`dashboard-counter-${name}`}>
      <span className="dashboard-counter__label">{t(`dashboard.counters.${name}`)}</span>
      <strong className="dashboard-counter__value">{value}</strong>
    </Card>
  );
}

function ChartCard({ title, caption, children }: { title: string; caption?: string; children: ReactNode }) {
  return (
    <Card className="dashboard-chart-card">
      <H5 className="dashboard-chart-card__title">{title}</H5>
      {caption && <span className="dashboard-chart-card__caption">{caption}</span>}
      <Suspense fallback={<Spinner size={24} />}>{children}</Suspense>
    </Card>
  );
}

/** Indicadores: the attendance counters, tickets per day (or hour) and the plugins' cards. */
export function IndicatorsPanel({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const c = data.figures.counters;
  const perHour = data.perDay.data.length > 0 && 'hour' in data.perDay.data[0];
  return (
    <div className="dashboard-panel">
      <div className="dashboard-counters">
        <Counter name="supportHappening" value={c.supportHappening} />
        <Counter name="supportPending" value={c.supportPending} />
        <Counter name="supportFinished" value={c.supportFinished} />
        <Counter name="tickets" value={c.tickets} />
        <Counter name="avgWaitTime" value={formatMinutes(c.avgWaitTime, t)} />
        <Counter name="avgSupportTime" value={formatMinutes(c.avgSupportTime, t)} />
      </div>
      <ChartCard
        title={t(perHour ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')}
        caption={t('dashboard.charts.count', { count: data.perDay.count })}
      >
        <TicketsPerDayChart series={data.perDay} />
      </ChartCard>
      <div className="dashboard-cards" data-testid="dashboard-cards">
        <Slot id="dashboard.cards" />
      </div>
    </div>
  );
}

/** NPS: the score, its three classes and how many tickets were rated. */
export function NpsPanel({ counters: c }: { counters: DashboardCounters }) {
  const { i18n } = useTranslation();
  const pct = (v: number) => formatPercent(v, i18n.language);
  return (
    <div className="dashboard-panel">
      <div className="dashboard-counters">
        <Counter
          name="npsScore"
          value={c.npsScore.toLocaleString(i18n.language, { maximumFractionDigits: 2 })}
        />
        <Counter name="npsPromotersPerc" value={pct(c.npsPromotersPerc)} />
        <Counter name="npsPassivePerc" value={pct(c.npsPassivePerc)} />
        <Counter name="npsDetractorsPerc" value={pct(c.npsDetractorsPerc)} />
      </div>
      <div className="dashboard-counters">
        <Counter name="withRating" value={c.withRating} />
        <Counter name="withoutRating" value={c.withoutRating} />
        <Counter name="waitRating" value={c.waitRating} />
        <Counter name="percRating" value={pct(c.percRating)} />
      </div>
    </div>
  );
}

function AttendantRow({ row }: { row: DashboardAttendant }) {
  const { t, i18n } = useTranslation();
  const state = t(row.online ? 'dashboard.table.isOnline' : 'dashboard.table.isOffline');
  return (
    <tr data-testid={`dashboard-attendant-${row.id}`}>
      <td>
        <span
          className={`dashboard-online ${row.online ? 'dashboard-online--on' : ''}`}
          role="img"
          aria-label={state}
          title={state}
        />
        {row.name}
      </td>
      <td>{formatRating(row.rating, i18n.language)}</td>
      <td>{row.countRating}</td>
      <td>{row.tickets}</td>
      <td>{formatMinutes(row.avgWaitTime, t)}</td>
      <td>{formatMinutes(row.avgSupportTime, t)}</td>
    </tr>
  );
}

/** Atendentes: tickets per attendant, and every attendant's figures with their online state. */
export function AttendantsPanel({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const rows = data.figures.attendants;
  return (
    <div className="dashboard-panel">
      <ChartCard title={t('dashboard.charts.perUser')}>
        {data.perUser.data.length ? (
          <TicketsPerUserChart series={data.perUser} />
        ) : (
          <NonIdealState icon="timeline-bar-chart" description={t('dashboard.charts.empty')} />
        )}
      </ChartCard>
      <Card className="dashboard-table-card">
        <HTMLTable compact striped className="dashboard-table" data-testid="dashboard-attendants">
          <thead>
            <tr>
              <th>{t('dashboard.table.name')}</th>
              <th>{t('dashboard.table.rating')}</th>
              <th>{t('dashboard.table.countRating')}</th>
              <th>{t('dashboard.table.tickets')}</th>
              <th>{t('dashboard.table.avgWaitTime')}</th>
              <th>{t('dashboard.table.avgSupportTime')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <AttendantRow key={row.id} row={row} />
            ))}
          </tbody>
        </HTMLTable>
        {!rows.length && <NonIdealState description={t('dashboard.table.empty')} />}
      </Card>
    </div>
  );
}
