import { H3, Tab, Tabs } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
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
  const tabs = [
    'options',
    ...(companySetting(user, 'scheduleType') === 'company' ? ['schedules'] : []),
    ...fills.map((f) => f.plugin),
  ];
  const selected = tab && tabs.includes(tab) ? tab : 'options';

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
        <Tab
          id="options"
          title={t('settings.tabs.options')}
          data-testid="settings-tab-options"
          panel={
            <div className="settings-page__body">
              <SettingsOptions />
            </div>
          }
        />
        {tabs.includes('schedules') && (
          <Tab
            id="schedules"
            title={t('settings.tabs.schedules')}
            data-testid="settings-tab-schedules"
            panel={
              <div className="settings-page__body">
                <SettingsSchedules />
              </div>
            }
          />
        )}
        {fills.map((fill) => (
          <Tab
            key={fill.plugin}
            id={fill.plugin}
            title={fill.fill.titleKey ? t(fill.fill.titleKey) : fill.plugin}
            data-testid={`settings-tab-${fill.plugin}`}
            panel={
              <div className="settings-page__body">
                <PluginFillView {...fill} />
              </div>
            }
          />
        ))}
      </Tabs>
    </div>
  );
}
