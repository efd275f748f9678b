import { H3, Tab, Tabs } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CompaniesTable } from '../companies/companies-table';
import { HelpsTab } from '../companies/helps-tab';
import { PlansTab } from '../companies/plans-tab';
import { PluginFillView, useSlotFills } from '../plugins/slot';
import { companySetting } from '../session/company-settings';
import { requireUser, userAtom } from '../session/session-store';
import { SettingsOptions } from './settings-options';
import { SettingsSchedules } from './settings-schedules';
import './settings.css';

/**
 * Company settings (/settings/:tab?, spec part 2 "Company settings"): the options, the company's service hours when
 * scheduleType is `company` (live: the tab comes and goes with the setting), then the tabs plugins contribute
 * (`settings.tabs`, addressed by the plugin's name).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  const user = requireUser(useAtomValue(userAtom));
  const fills = useSlotFills('settings.tabs');
  // The core tabs first (the hours only while scheduleType is `company`), then one per plugin, by its name.
  const tabs: { id: string; title: string; body: ReactNode }[] = [
    { id: 'options', title: t('settings.tabs.options'), body: <SettingsOptions /> },
    ...(companySetting(user, 'scheduleType') === 'company'
      ? [{ id: 'schedules', title: t('settings.tabs.schedules'), body: <SettingsSchedules /> }]
      : []),
    // Spec part 2 "Company settings": Companies, Plans and Helps for super users only.
    ...(user.super
      ? [
          { id: 'companies', title: t('settings.tabs.companies'), body: <CompaniesTable /> },
          { id: 'plans', title: t('settings.tabs.plans'), body: <PlansTab /> },
          { id: 'helps', title: t('settings.tabs.helps'), body: <HelpsTab /> },
        ]
      : []),
    ...fills.map((fill) => ({
      id: fill.key,
      title: fill.fill.titleKey ? t(fill.fill.titleKey) : fill.plugin,
      body: <PluginFillView plugin={fill.plugin} fill={fill.fill} />,
    })),
  ];
  const selected = tabs.some((x) => x.id === tab) ? tab : 'options';

  return (
    <div className="list-screen settings-page" data-testid="settings-screen">
      <header className="page-header">
        <H3 className="page-header__title">{t('settings.title')}</H3>
      </header>
      <Tabs
        id="settings-tabs"
        selectedTabId={selected}
        renderActiveTabPanelOnly
        onChange={(id) => navigate(`/settings/${String(id)}`, { replace: true })}
      >
        {tabs.map((x) => (
          <Tab
            key={x.id}
            id={x.id}
            title={x.title}
            data-testid={`settings-tab-${x.id}`}
            panel={<div className="settings-page__body">{x.body}</div>}
          />
        ))}
      </Tabs>
    </div>
  );
}
