import { MESSAGE_VARIABLES } from '@balcao/sdk/rest';
import { FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  FileInput,
  FormGroup,
  InputGroup,
  Switch,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canShare,
  QUICK_MESSAGE_MAX,
  type QuickMessageDto,
  quickMessageSchema,
  SHORTCODE_MAX,
} from '../shared/quick-message';

interface Props {
  reply: QuickMessageDto | null;
  onClose(): void;
}

/**
 * Add or edit a quick reply (spec part 2 §2): shortcut (required), message, an optional file and the shared flag,
 * which only admins and supervisors may set (§6). The file is uploaded once the reply is saved.
 */
export function QuickMessageDialog({ reply, onClose }: Props) {
  const { t } = useTranslation('quick-messages');
  const { api, user, toastSuccess } = useUiHost();
  const [form, setForm] = useState({
    shortcode: reply?.shortcode ?? '',
    message: reply?.message ?? '',
    geral: reply?.geral ?? false,
  });
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useSave(setErrors);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = quickMessageSchema.safeParse({ ...form, status: reply?.status ?? true });
    if (!parsed.success) {
      setErrors({ shortcode: t('required') });
      return;
    }
    await save(async () => {
      const saved = reply
        ? await api.put<QuickMessageDto>(`/quick-messages/${reply.id}`, parsed.data)
        : await api.post<QuickMessageDto>('/quick-messages', parsed.data);
      if (dropMedia && saved.isMedia) await api.delete(`/quick-messages/${saved.id}/media-upload`);
      if (file) {
        const body = new FormData();
        body.set('typeArch', 'quickMessage');
        body.set('file', file, file.name);
        await api.post(`/quick-messages/${saved.id}/media-upload`, body);
      }
      toastSuccess(t('saved'));
      onClose();
    });
  };

  const mediaName = file?.name ?? (dropMedia ? null : reply?.mediaName);
  return (
    <Dialog isOpen onClose={onClose} title={t(reply ? 'editTitle' : 'addTitle')} icon="lightning">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('shortcode')}
            labelFor="quick-message-shortcode"
            helperText={errors.shortcode}
            intent={errors.shortcode ? 'danger' : 'none'}
          >
            <InputGroup
              id="quick-message-shortcode"
              value={form.shortcode}
              maxLength={SHORTCODE_MAX}
              onValueChange={(shortcode) => setForm((f) => ({ ...f, shortcode }))}
              intent={errors.shortcode ? 'danger' : 'none'}
              autoFocus
              data-testid="quick-message-shortcode"
            />
          </FormGroup>
          <FormGroup
            label={t('message')}
            labelFor="quick-message-message"
            helperText={errors.message}
            intent={errors.message ? 'danger' : 'none'}
          >
            <TextArea
              id="quick-message-message"
              value={form.message}
              maxLength={QUICK_MESSAGE_MAX}
              rows={5}
              fill
              onChange={(e) => {
                const message = e.currentTarget.value;
                setForm((f) => ({ ...f, message }));
              }}
              data-testid="quick-message-message"
            />
          </FormGroup>
          <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
            {t('variables')}{' '}
            {MESSAGE_VARIABLES.map((v) => (
              <code key={v}>{`{{${v}}} `}</code>
            ))}
          </p>
          <FormGroup label={t('media')} labelFor="quick-message-file">
            {mediaName ? (
              <div className={Classes.TEXT_OVERFLOW_ELLIPSIS}>
                <Tag icon="paperclip" large minimal data-testid="quick-message-media">
                  {mediaName}
                </Tag>{' '}
                {/* Dropped on save: the server deletes the stored file with the attachment. */}
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  text={t('removeMedia')}
                  onClick={() => {
                    setFile(null);
                    setDropMedia(true);
                  }}
                  data-testid="quick-message-remove-media"
                />
              </div>
            ) : (
              <FileInput
                text={t('attach')}
                buttonText={t('attach')}
                inputProps={{ id: 'quick-message-file', 'aria-label': t('attach') }}
                onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
                data-testid="quick-message-file"
              />
            )}
          </FormGroup>
          {canShare(user) && (
            <Switch
              label={t('geral')}
              checked={form.geral}
              onChange={(e) => {
                const geral = e.currentTarget.checked;
                setForm((f) => ({ ...f, geral }));
              }}
              data-testid="quick-message-geral"
            />
          )}
        </DialogBody>
        <FormFooter text={t('save')} busy={saving} onCancel={onClose} testId="quick-message-save" />
      </form>
    </Dialog>
  );
}

/** A reply's attachment in the list, with its name. */
export function MediaTag({ reply }: { reply: QuickMessageDto }) {
  if (!reply.mediaPath) return null;
  return (
    <Button
      variant="minimal"
      icon="paperclip"
      text={reply.mediaName}
      onClick={() => window.open(reply.mediaPath ?? '', '_blank', 'noopener')}
    />
  );
}
