import { H3, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PluginFillView, useSlotFills } from '../plugins/slot';

/**
 * Company settings (/settings/:tab?): for now only the tabs plugins contribute (`settings.tabs`), one per plugin,
 * addressed by the plugin's name; the administration issue adds the core tabs. Says so when there is none.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  const fills = useSlotFills('settings.tabs');
  const selected = fills.some((f) => f.plugin === tab) ? tab : fills[0]?.plugin;

  return (
    <div className="list-screen settings-page" data-testid="settings-screen">
      <header className="page-header">
        <H3 className="page-header__title">{t('settings.title')}</H3>
      </header>
      {fills.length === 0 ? (
        <NonIdealState icon="settings" description={t('settings.empty')} data-testid="settings-empty" />
      ) : (
        <Tabs
          id="settings-tabs"
          selectedTabId={selected}
          onChange={(id) => navigate(`/settings/${String(id)}`, { replace: true })}
        >
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
      )}
    </div>
  );
}
