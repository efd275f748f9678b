import { FormFooter, useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  Dialog,
  DialogBody,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEDIA_MAX_BYTES,
  RECURRENCES,
  type Recurrence,
  type ScheduleDto,
  scheduleInputSchema,
} from '../shared/schedule';
import { fromLocalInput, toLocalInput } from './dates';
import { fieldMessageKey, firstPerField } from './field-messages';

interface ContactOption {
  id: number;
  name: string;
  number: string;
}

interface Props {
  /** The schedule to edit; null: a new one. */
  schedule: ScheduleDto | null;
  /** A new schedule's contact, chosen already (the contact drawer, the composer, `?contactId=`). */
  contact?: { id: number; name: string } | null;
  /** A new schedule's text to start from (what the composer holds). */
  body?: string;
  onClose(): void;
  onSaved?(schedule: ScheduleDto): void;
}

/** Create or edit a scheduled message: contact, text, time (default an hour ahead), repetition, attachment. */
export function ScheduleDialog({ schedule, contact, body: startBody, onClose, onSaved }: Props) {
  const { t } = useTranslation('schedules');
  const { api, toastError, toastSuccess } = useUiHost();
  const initialContact = schedule?.contact ?? contact ?? null;
  const [contactId, setContactId] = useState<number | null>(schedule?.contactId ?? contact?.id ?? null);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<ContactOption[]>([]);
  const [body, setBody] = useState(schedule?.body ?? startBody ?? '');
  const [sendAt, setSendAt] = useState(
    toLocalInput(schedule ? new Date(schedule.sendAt) : new Date(Date.now() + 3_600_000)),
  );
  const [recurrence, setRecurrence] = useState<Recurrence>(schedule?.recurrence ?? 'none');
  const [recurrenceEnd, setRecurrenceEnd] = useState(
    schedule?.recurrenceEnd ? toLocalInput(new Date(schedule.recurrenceEnd)) : '',
  );
  const [media, setMedia] = useState(schedule?.media ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // Contacts matching what is typed, half a second after the typing stops (spec part 2 §9's debounce).
  useEffect(() => {
    if (initialContact && !search) return;
    const timer = setTimeout(() => {
      api
        .get<ContactOption[]>('/contacts/list', { searchParam: search })
        .then((found) => setOptions(found.slice(0, 50)))
        .catch(toastError);
    }, 500);
    return () => clearTimeout(timer);
  }, [api, toastError, search, initialContact]);

  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MEDIA_MAX_BYTES) {
      setErrors((e) => ({ ...e, media: 'mediaTooLarge' }));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    try {
      setBusy(true);
      setMedia(
        await api.post<ScheduleDto['media']>('/schedules/media', {
          fileName: file.name,
          mimeType: file.type || 'application/octet-stream',
          data: btoa(binary),
        }),
      );
      setErrors(({ media: _m, ...rest }) => rest);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      contactId: contactId ?? undefined,
      body,
      sendAt: fromLocalInput(sendAt),
      recurrence,
      recurrenceEnd: recurrence === 'none' ? null : fromLocalInput(recurrenceEnd) || null,
      media,
    };
    const checked = scheduleInputSchema(new Date()).safeParse(input);
    if (!checked.success) {
      setErrors(firstPerField(checked.error.issues));
      return;
    }
    setBusy(true);
    try {
      const saved = schedule
        ? await api.put<ScheduleDto>(`/schedules/${schedule.id}`, input)
        : await api.post<ScheduleDto>('/schedules', input);
      toastSuccess(t('form.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const fields = (error as { fields?: { path: string; message: string }[] }).fields;
      if (fields?.length) setErrors(firstPerField(fields));
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const error = (field: string) =>
    errors[field] ? (
      <span data-testid={`schedule-error-${field}`}>
        {field === 'media' && errors[field] === 'mediaTooLarge'
          ? t('form.mediaTooLarge')
          : t(fieldMessageKey(errors[field]))}
      </span>
    ) : undefined;
  const intent = (field: string) => (errors[field] ? 'danger' : 'none');
  const picked =
    options.find((o) => o.id === contactId) ?? (initialContact?.id === contactId ? initialContact : null);

  return (
    <Dialog isOpen onClose={onClose} title={t(schedule ? 'form.titleEdit' : 'form.titleNew')} icon="time">
      <form onSubmit={submit} data-testid="schedule-form">
        <DialogBody>
          <FormGroup label={t('form.contact')} helperText={error('contactId')} intent={intent('contactId')}>
            <InputGroup
              leftIcon="search"
              placeholder={t('form.contactSearch')}
              value={search}
              onValueChange={setSearch}
              data-testid="schedule-contact-search"
            />
            <HTMLSelect
              fill
              value={contactId ?? ''}
              onChange={(e) => setContactId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              data-testid="schedule-contact"
            >
              <option value="">{t('form.contactPick')}</option>
              {picked && !options.some((o) => o.id === picked.id) && (
                <option value={picked.id}>{picked.name}</option>
              )}
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} ({o.number})
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('form.body')} helperText={error('body')} intent={intent('body')}>
            <TextArea
              fill
              rows={4}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              data-testid="schedule-body"
            />
          </FormGroup>
          <FormGroup label={t('form.sendAt')} helperText={error('sendAt')} intent={intent('sendAt')}>
            <InputGroup
              type="datetime-local"
              step={1}
              value={sendAt}
              onValueChange={setSendAt}
              data-testid="schedule-send-at"
            />
          </FormGroup>
          <FormGroup label={t('form.recurrence')}>
            <HTMLSelect
              fill
              value={recurrence}
              onChange={(e) => setRecurrence(e.currentTarget.value as Recurrence)}
              data-testid="schedule-recurrence"
            >
              {RECURRENCES.map((r) => (
                <option key={r} value={r}>
                  {t(`recurrence.${r}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {recurrence !== 'none' && (
            <FormGroup
              label={t('form.recurrenceEnd')}
              helperText={error('recurrenceEnd')}
              intent={intent('recurrenceEnd')}
            >
              <InputGroup
                type="datetime-local"
                step={1}
                value={recurrenceEnd}
                onValueChange={setRecurrenceEnd}
                data-testid="schedule-recurrence-end"
              />
            </FormGroup>
          )}
          <FormGroup label={t('form.media')} helperText={error('media')} intent={intent('media')}>
            {media ? (
              <Button
                icon="paperclip"
                endIcon="cross"
                text={media.name}
                onClick={() => setMedia(null)}
                title={t('form.mediaRemove')}
              />
            ) : (
              <FileInput
                text={t('form.mediaPick')}
                inputProps={{ 'aria-label': t('form.media') }}
                onInputChange={(e) => void pickFile(e.currentTarget.files?.[0])}
              />
            )}
          </FormGroup>
        </DialogBody>
        <FormFooter text={t('form.save')} busy={busy} onCancel={onClose} testId="schedule-save" />
      </form>
    </Dialog>
  );
}
