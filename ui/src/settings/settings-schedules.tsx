import type { ScheduleRow } from '@balcao/sdk';
import { Button, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { WeeklyScheduleEditor } from '../forms/weekly-schedule-editor';
import { toastError, toastSuccess } from '../notify/toaster';
import { requireUser, userAtom } from '../session/session-store';

/**
 * The schedules tab of /settings (shown when scheduleType is `company`): the company's service hours, a row per
 * weekday starting from the spec's default week, saved with its button (`PUT /companies/{id}/schedules`).
 */
export function SettingsSchedules() {
  const { t } = useTranslation();
  const { companyId } = requireUser(useAtomValue(userAtom));
  const [rows, setRows] = useState<ScheduleRow[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api
      .get<{ schedules: ScheduleRow[] }>(`/companies/${companyId}/schedules`)
      .then((r) => setRows(r.schedules), toastError);
  }, [companyId]);

  const save = async () => {
    if (!rows) return;
    setSaving(true);
    try {
      const saved = await api.put<{ schedules: ScheduleRow[] }>(`/companies/${companyId}/schedules`, {
        schedules: rows,
      });
      setRows(saved.schedules);
      toastSuccess(t('settings.schedulesSaved'));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  if (!rows) return <Spinner size={32} />;
  return (
    <div className="settings-schedules">
      <p className="bp6-text-muted">{t('settings.schedulesHelp')}</p>
      <WeeklyScheduleEditor rows={rows} onChange={setRows} disabled={saving} testId="company-schedules" />
      <Button
        intent="primary"
        icon="floppy-disk"
        text={t('common.save')}
        loading={saving}
        onClick={() => void save()}
        data-testid="company-schedules-save"
      />
    </div>
  );
}
