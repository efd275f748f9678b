import { FormFooter, useUiHost } from '@balcao/sdk/ui';
import { Dialog, DialogBody, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DutyDay, type DutyDto, defaultDays, dutyInputSchema } from '../shared/duty';
import { fieldMessageKey, maskTime, messagesByPath } from './field-messages';

/** Add or edit an on-call entry: the user (picker), the phone, the interval, the hours per weekday. */
export function DutyDialog({
  duty,
  onClose,
  onSaved,
}: {
  duty: DutyDto | null;
  onClose(): void;
  onSaved(d: DutyDto): void;
}) {
  const { t } = useTranslation('on-call');
  const { api, toastError, toastSuccess } = useUiHost();
  const [users, setUsers] = useState<{ id: number; name: string }[]>([]);
  const [userId, setUserId] = useState(duty ? String(duty.userId) : '');
  const [phone, setPhone] = useState(duty?.phone ?? '');
  const [interval, setInterval] = useState(String(duty?.interval ?? 1));
  const [days, setDays] = useState<DutyDay[]>(duty?.days ?? defaultDays());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<{ id: number; name: string }[]>('/users/list').then(setUsers).catch(toastError);
  }, [api, toastError]);

  const setTime = (index: number, field: 'startTime' | 'endTime', typed: string) =>
    setDays((all) => all.map((d, i) => (i === index ? { ...d, [field]: maskTime(typed) } : d)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { userId, phone, interval, days };
    const checked = dutyInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(messagesByPath(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = duty
        ? await api.put<DutyDto>(`/plantao/${duty.id}`, input)
        : await api.post<DutyDto>('/plantao', input);
      toastSuccess(t('form.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      const fields = (error as { fields?: { path: string; message: string }[] }).fields;
      if (fields?.length) setErrors(messagesByPath(fields));
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const message = (path: string) =>
    errors[path] ? (
      <span data-testid={`on-call-error-${path}`}>{t(fieldMessageKey(errors[path]))}</span>
    ) : undefined;
  const intent = (path: string) => (errors[path] ? 'danger' : 'none');

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(duty ? 'form.titleEdit' : 'form.titleNew')}
      icon="shield"
      style={{ width: 560 }}
    >
      <form onSubmit={submit} data-testid="on-call-form">
        <DialogBody>
          <FormGroup label={t('form.user')} helperText={message('userId')} intent={intent('userId')}>
            <HTMLSelect
              fill
              value={userId}
              onChange={(e) => setUserId(e.currentTarget.value)}
              data-testid="on-call-user"
            >
              <option value="">{t('form.userPick')}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label={t('form.phone')}
            helperText={message('phone') ?? t('form.phoneHint')}
            intent={intent('phone')}
          >
            <InputGroup value={phone} onValueChange={setPhone} inputMode="tel" data-testid="on-call-phone" />
          </FormGroup>
          <FormGroup label={t('form.interval')} helperText={message('interval')} intent={intent('interval')}>
            <InputGroup
              type="number"
              min={1}
              max={24}
              value={interval}
              onValueChange={setInterval}
              data-testid="on-call-interval"
            />
          </FormGroup>
          <FormGroup label={t('form.days')} helperText={message('days')} intent={intent('days')}>
            <HTMLTable compact style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th />
                  <th>{t('form.start')}</th>
                  <th>{t('form.end')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d, i) => (
                  <tr key={d.weekdayEn}>
                    <td>{t(`weekdays.${d.weekdayEn}`)}</td>
                    {(['startTime', 'endTime'] as const).map((field) => (
                      <td key={field}>
                        <InputGroup
                          small
                          placeholder="00:00"
                          maxLength={5}
                          value={d[field]}
                          intent={intent(`days.${i}.${field}`)}
                          onValueChange={(v) => setTime(i, field, v)}
                          aria-label={`${t(`weekdays.${d.weekdayEn}`)} ${t(field === 'startTime' ? 'form.start' : 'form.end')}`}
                          data-testid={`on-call-${d.weekdayEn}-${field}`}
                        />
                        {message(`days.${i}.${field}`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </FormGroup>
        </DialogBody>
        <FormFooter text={t('form.save')} busy={busy} onCancel={onClose} testId="on-call-save" />
      </form>
    </Dialog>
  );
}
