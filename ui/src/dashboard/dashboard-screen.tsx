import { defaultDashboardPeriod } from '@balcao/sdk';
import { H3, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardFilter } from './dashboard-filter';
import { formatDay } from './dashboard-format';
import { AttendantsPanel, IndicatorsPanel, NpsPanel } from './dashboard-panels';
import { useDashboard } from './use-dashboard';
import './dashboard.css';

type TabId = 'indicators' | 'nps' | 'attendants';

/** The admin dashboard (spec part 1 §2 "Dashboard (/)"): the period filter and the tabs Indicadores, NPS, Atendentes. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => defaultDashboardPeriod());
  const [tab, setTab] = useState<TabId>('indicators');
  const { data, loading } = useDashboard(period);

  const body = !data ? (
    loading ? (
      <Spinner />
    ) : (
      <NonIdealState icon="error" description={t('dashboard.loadFailed')} />
    )
  ) : (
    <Tabs
      id="dashboard-tabs"
      selectedTabId={tab}
      onChange={(id) => setTab(id as TabId)}
      renderActiveTabPanelOnly
      large
    >
      <Tab id="indicators" title={t('dashboard.tabs.indicators')} panel={<IndicatorsPanel data={data} />} />
      <Tab id="nps" title={t('dashboard.tabs.nps')} panel={<NpsPanel counters={data.figures.counters} />} />
      <Tab id="attendants" title={t('dashboard.tabs.attendants')} panel={<AttendantsPanel data={data} />} />
    </Tabs>
  );
  return (
    <div className="dashboard-screen" data-testid="dashboard-screen" aria-busy={loading}>
      <header className="dashboard-screen__header">
        <H3 className="dashboard-screen__title">{t('menu.dashboard')}</H3>
        <span className="dashboard-screen__period">
          {t('dashboard.period', {
            from: formatDay(period.from),
            to: formatDay(period.to),
          })}
        </span>
      </header>
      <DashboardFilter period={period} onApply={setPeriod} />
      {body}
    </div>
  );
}
