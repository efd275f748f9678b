import type { NewConnectionDialogProps } from '@balcao/sdk/ui';
import { FormFooter, useUiHost } from '@balcao/sdk/ui';
import { Callout, Dialog, DialogBody, FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkedConnection } from '../server/link-schema';
import { initialLinkForm, type LinkForm, linkRequest } from './link-form';

/**
 * The new-connection dialog of Facebook and Instagram: the Facebook user's id and access token (from the Graph API
 * Explorer), and whether each page's Instagram account is linked too. Every page the user manages becomes a
 * connection (`POST /api/facebook`); the list shows them through realtime.
 */
export function LinkDialog({
  channel,
  onClose,
  addInstagram,
}: NewConnectionDialogProps & { addInstagram: boolean }) {
  const { t } = useTranslation('meta');
  const { api, toastError, toastSuccess } = useUiHost();
  const [form, setForm] = useState<LinkForm>(() => initialLinkForm(addInstagram));
  const [errors, setErrors] = useState<Partial<Record<keyof LinkForm, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof LinkForm>(field: K, value: LinkForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const request = linkRequest(form);
    if ('errors' in request) return setErrors(request.errors);
    setBusy(true);
    try {
      const { connections } = await api.post<{ connections: LinkedConnection[] }>('/facebook', request.body);
      toastSuccess(t('link.linked', { count: connections.length }));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: keyof LinkForm) => {
    const key = errors[field];
    return key ? t(`link.errors.${key}`) : undefined;
  };

  return (
    <Dialog isOpen onClose={onClose} icon="link" title={t(`link.title.${channel}`)}>
      <form onSubmit={handleSubmit} data-testid="meta-link-form">
        <DialogBody>
          <Callout intent="primary" icon="info-sign">
            <p>{t('link.help')}</p>
            <p>{t(form.addInstagram ? 'link.permissionsInstagram' : 'link.permissions')}</p>
          </Callout>
          <FormGroup
            label={t('link.userId')}
            labelFor="meta-user-id"
            helperText={fieldError('facebookUserId') ?? t('link.userIdHelp')}
            intent={errors.facebookUserId ? 'danger' : 'none'}
          >
            <InputGroup
              id="meta-user-id"
              value={form.facebookUserId}
              onValueChange={(v) => set('facebookUserId', v)}
              intent={errors.facebookUserId ? 'danger' : 'none'}
              inputMode="numeric"
              autoFocus
              data-testid="meta-user-id"
            />
          </FormGroup>
          <FormGroup
            label={t('link.token')}
            labelFor="meta-user-token"
            helperText={fieldError('facebookUserToken') ?? t('link.tokenHelp')}
            intent={errors.facebookUserToken ? 'danger' : 'none'}
          >
            <InputGroup
              id="meta-user-token"
              type="password"
              autoComplete="off"
              value={form.facebookUserToken}
              onValueChange={(v) => set('facebookUserToken', v)}
              intent={errors.facebookUserToken ? 'danger' : 'none'}
              data-testid="meta-user-token"
            />
          </FormGroup>
          <Switch
            checked={form.addInstagram}
            onChange={(e) => set('addInstagram', e.currentTarget.checked)}
            label={t('link.addInstagram')}
            data-testid="meta-add-instagram"
          />
        </DialogBody>
        <FormFooter text={t('link.submit')} busy={busy} onCancel={onClose} testId="meta-link-submit" />
      </form>
    </Dialog>
  );
}
