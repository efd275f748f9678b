import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import {
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
  Switch,
  Tab,
  Tabs,
  TextArea,
} from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_MESSAGE_MAX,
  type CampaignDto,
  CONFIRMATION_FIELDS,
  editability,
  MESSAGE_FIELDS,
  type MessageField,
} from '../shared/campaign';
import { CampaignMediaField, type MediaChoice } from './campaign-media-field';
import { fieldMessage } from './field-messages';
import {
  initialRecurrence,
  RecurrenceFields,
  type RecurrenceForm,
  recurrenceBody,
} from './recurrence-fields';
import { useCampaignOptions } from './use-campaign-options';

interface Props {
  campaign: CampaignDto | null;
  onClose(): void;
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, what a datetime-local input holds. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Form = Record<MessageField, string> & {
  name: string;
  confirmation: boolean;
  withinBusinessHours: boolean;
  scheduledAt: string;
  audience: 'list' | 'tag';
  contactListId: string;
  tagListId: string;
  whatsappIds: number[];
  recurrence: RecurrenceForm;
};

function initial(c: CampaignDto | null): Form {
  const texts = Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((f) => [f, c?.[f] ?? '']));
  return {
    ...(texts as Record<MessageField, string>),
    name: c?.name ?? '',
    confirmation: c?.confirmation ?? false,
    withinBusinessHours: c?.withinBusinessHours ?? false,
    scheduledAt: toLocalInput(c?.scheduledAt ?? null),
    audience: c?.contactListId ? 'list' : 'tag',
    contactListId: c?.contactListId ? String(c.contactListId) : '',
    tagListId: c?.tagListId ? String(c.tagListId) : '',
    whatsappIds: c?.whatsappId ? c.whatsappId.split(',').map(Number) : [],
    recurrence: initialRecurrence(c, toLocalInput),
  };
}

/** The campaign modal: read-only unless the spec's edit rule allows it; a cancelled campaign edits its messages only. */
export function CampaignDialog({ campaign, onClose }: Props) {
  const { t } = useTranslation('campaigns');
  const { api, toastSuccess } = useUiHost();
  const options = useCampaignOptions();
  const [form, setForm] = useState<Form>(() => initial(campaign));
  const [media, setMedia] = useState<MediaChoice>({ file: null, drop: false });
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);
  const mode = campaign ? editability(campaign) : 'all';
  const locked = mode !== 'all';
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = (field: string) => fieldMessage(t, errors[field]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'none') return onClose();
    const body = {
      ...Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((f) => [f, form[f]])),
      name: form.name,
      confirmation: form.confirmation,
      withinBusinessHours: form.withinBusinessHours,
      scheduledAt: form.scheduledAt ? new Date(form.scheduledAt).toISOString() : null,
      contactListId: form.audience === 'list' ? form.contactListId || null : null,
      tagListId: form.audience === 'tag' ? form.tagListId || null : null,
      whatsappId: form.whatsappIds.join(','),
      ...recurrenceBody(form.recurrence),
    };
    void save(async () => {
      // The file changes while the campaign is still editable: a date within the hour would lock it (and may start
      // it). So a new campaign with a file is created without its date, gets its file, then takes its date.
      const changesMedia = Boolean(media.file || (media.drop && campaign?.mediaPath));
      const target =
        campaign ??
        (await api.post<CampaignDto>('/campaigns', changesMedia ? { ...body, scheduledAt: null } : body));
      if (media.drop && !media.file && target.mediaPath)
        await api.delete(`/campaigns/${target.id}/media-upload`);
      if (media.file) {
        const upload = new FormData();
        upload.set('file', media.file, media.file.name);
        await api.post(`/campaigns/${target.id}/media-upload`, upload);
      }
      if (campaign || (changesMedia && body.scheduledAt)) await api.put(`/campaigns/${target.id}`, body);
      toastSuccess(t('toasts.saved'));
      onClose();
    });
  };

  const textArea = (field: MessageField, label: string) => (
    <FormGroup
      key={field}
      label={label}
      labelFor={`campaign-${field}`}
      intent={error(field) ? 'danger' : 'none'}
      helperText={error(field)}
    >
      <TextArea
        id={`campaign-${field}`}
        data-testid={`campaign-${field}`}
        fill
        rows={3}
        maxLength={CAMPAIGN_MESSAGE_MAX}
        placeholder={t('dialog.messagePlaceholder')}
        value={form[field]}
        readOnly={mode === 'none'}
        onChange={(e) => set(field, e.target.value)}
      />
    </FormGroup>
  );

  const title = mode === 'none' ? t('dialog.readonly') : campaign ? t('dialog.edit') : t('dialog.new');
  return (
    <Dialog isOpen onClose={onClose} title={title} style={{ width: 640 }}>
      <form onSubmit={handleSubmit} data-testid="campaign-form">
        <DialogBody>
          {mode === 'none' && <Callout intent="warning">{t('dialog.readonlyHint')}</Callout>}
          {mode === 'messages' && <Callout intent="primary">{t('dialog.messagesOnlyHint')}</Callout>}
          <FormGroup
            label={t('dialog.name')}
            labelFor="campaign-name"
            intent={error('name') ? 'danger' : 'none'}
            helperText={error('name')}
          >
            <InputGroup
              id="campaign-name"
              data-testid="campaign-name"
              value={form.name}
              maxLength={50}
              readOnly={locked}
              onValueChange={(v) => set('name', v)}
            />
          </FormGroup>
          <FormGroup
            label={t('dialog.scheduledAt')}
            labelFor="campaign-scheduled-at"
            intent={error('scheduledAt') ? 'danger' : 'none'}
            helperText={error('scheduledAt')}
          >
            <InputGroup
              id="campaign-scheduled-at"
              data-testid="campaign-scheduled-at"
              type="datetime-local"
              value={form.scheduledAt}
              readOnly={locked}
              onValueChange={(v) => set('scheduledAt', v)}
            />
          </FormGroup>
          <RecurrenceFields
            value={form.recurrence}
            locked={locked}
            onChange={(v) => set('recurrence', v)}
            error={error}
          />
          <RadioGroup
            inline
            label={t('dialog.audience')}
            selectedValue={form.audience}
            disabled={locked}
            onChange={(e) => set('audience', e.currentTarget.value as Form['audience'])}
          >
            <Radio value="tag" label={t('dialog.audienceTag')} data-testid="campaign-audience-tag" />
            <Radio value="list" label={t('dialog.audienceList')} data-testid="campaign-audience-list" />
          </RadioGroup>
          <FormGroup
            label={form.audience === 'tag' ? t('dialog.tagList') : t('dialog.contactList')}
            intent={error('contactListId') || error('tagListId') ? 'danger' : 'none'}
            helperText={error('contactListId') ?? error('tagListId')}
          >
            <HTMLSelect
              fill
              data-testid="campaign-audience"
              disabled={locked}
              value={form.audience === 'tag' ? form.tagListId : form.contactListId}
              onChange={(e) =>
                set(form.audience === 'tag' ? 'tagListId' : 'contactListId', e.currentTarget.value)
              }
              options={[
                { value: '', label: t('dialog.choose') },
                ...(form.audience === 'tag' ? options.tags : options.lists).map((o) => ({
                  value: String(o.id),
                  label: o.name,
                })),
              ]}
            />
          </FormGroup>
          <FormGroup
            label={t('dialog.whatsapp')}
            helperText={error('whatsappId') ?? t('dialog.whatsappHint')}
            intent={error('whatsappId') ? 'danger' : 'none'}
          >
            {options.connections.map((c) => (
              <Checkbox
                key={c.id}
                inline
                label={c.name}
                disabled={locked}
                data-testid={`campaign-connection-${c.id}`}
                checked={form.whatsappIds.includes(c.id)}
                onChange={(e) =>
                  set(
                    'whatsappIds',
                    e.currentTarget.checked
                      ? [...form.whatsappIds, c.id]
                      : form.whatsappIds.filter((id) => id !== c.id),
                  )
                }
              />
            ))}
          </FormGroup>
          <Switch
            label={t('dialog.confirmation')}
            checked={form.confirmation}
            disabled={locked}
            onChange={(e) => set('confirmation', e.currentTarget.checked)}
          />
          <FormGroup
            helperText={error('withinBusinessHours') ?? t('dialog.withinBusinessHoursHint')}
            intent={error('withinBusinessHours') ? 'danger' : 'none'}
          >
            <Switch
              label={t('dialog.withinBusinessHours')}
              data-testid="campaign-within-business-hours"
              checked={form.withinBusinessHours}
              disabled={locked}
              onChange={(e) => set('withinBusinessHours', e.currentTarget.checked)}
            />
          </FormGroup>
          <CampaignMediaField
            current={campaign?.mediaName ?? null}
            choice={media}
            onChange={setMedia}
            readOnly={mode === 'none'}
          />
          <p className="bp6-text-muted">{t('dialog.placeholdersHint')}</p>
          <Tabs id="campaign-messages">
            <Tab
              id="messages"
              title={t('dialog.tabMessages')}
              panel={<>{MESSAGE_FIELDS.map((f, i) => textArea(f, t('dialog.message', { n: i + 1 })))}</>}
            />
            {form.confirmation && (
              <Tab
                id="confirmations"
                title={t('dialog.tabConfirmations')}
                panel={
                  <>
                    {CONFIRMATION_FIELDS.map((f, i) =>
                      textArea(f, t('dialog.confirmationMessage', { n: i + 1 })),
                    )}
                  </>
                }
              />
            )}
          </Tabs>
        </DialogBody>
        <FormFooter
          text={mode === 'none' ? t('dialog.close') : t('dialog.save')}
          busy={saving}
          onCancel={onClose}
          testId="campaign-save"
        />
      </form>
    </Dialog>
  );
}
