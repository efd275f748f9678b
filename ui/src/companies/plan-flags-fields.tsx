import { PLAN_FLAGS, type PluginInfoDto } from '@balcao/sdk';
import { Checkbox, H6 } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';

/** The plugins that declare plan flags, labelled in the interface's language (`GET /api/plugins`). */
export function usePluginPlanFlags(): PluginInfoDto[] {
  const { i18n } = useTranslation();
  const [plugins, setPlugins] = useState<PluginInfoDto[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<PluginInfoDto[]>(`/plugins?lang=${encodeURIComponent(i18n.language)}`)
      .then((all) => live && setPlugins(Array.isArray(all) ? all.filter((p) => p.planFlags?.length) : []))
      .catch(() => live && setPlugins([]));
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return plugins;
}

/** The plan dialog's flags: the core ones, then one group per plugin that declares flags, with its labels. */
export function PlanFlagsFields({
  flags,
  plugins,
  onChange,
}: {
  flags: Record<string, boolean>;
  plugins: readonly PluginInfoDto[];
  onChange(key: string, on: boolean): void;
}) {
  const { t } = useTranslation();
  const box = (key: string, label: string) => (
    <Checkbox
      key={key}
      label={label}
      checked={flags[key] === true}
      onChange={(e) => onChange(key, e.currentTarget.checked)}
      data-testid={`plan-flag-${key}`}
    />
  );
  return (
    <>
      <div className="plan-dialog__flags">
        {PLAN_FLAGS.map((flag) => box(flag, t(`plans.flags.${flag}`)))}
      </div>
      {plugins.map((plugin) => (
        <section key={plugin.name} className="plan-dialog__plugin" data-testid={`plan-flags-${plugin.name}`}>
          <H6>{t('plans.pluginFlags', { name: plugin.name })}</H6>
          <div className="plan-dialog__flags">{plugin.planFlags.map((f) => box(f.key, f.label))}</div>
        </section>
      ))}
    </>
  );
}
