import {
  LANGUAGES,
  type Language,
  type SessionUserDto,
  type UserDto,
  type UserUpdateInput,
  userUpdateSchema,
} from '@balcao/sdk';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { ConfirmFooter } from '../forms/confirm-footer';
import { CurrentPasswordField } from '../forms/current-password-field';
import { PasswordInput } from '../forms/password-input';
import { useSave } from '../forms/use-save';
import { useZodForm } from '../forms/use-zod-form';
import { WppField } from '../forms/wpp-field';
import { chooseLanguage } from '../i18n';
import { isLanguage } from '../i18n/languages';
import { toastSuccess } from '../notify/toaster';
import { mergeSessionUser } from '../session/session-actions';
import { ProfilePhoto } from './profile-photo';

interface Props {
  user: SessionUserDto;
  onClose(): void;
}

/**
 * The user's own profile: photo, name, email, WhatsApp number (where password-reset codes go), optional new password,
 * language (`PUT /api/users/{id}`).
 */
export function ProfileDialog({ user, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { form, set, setErrors, validate, error, intent } = useZodForm(userUpdateSchema, {
    name: user.name,
    email: user.email,
    wpp: user.wpp ?? '',
    password: '',
    currentPassword: '',
    // What the user is looking at; the saved one only when the interface runs in another language.
    language: isLanguage(i18n.language) ? i18n.language : (user.language ?? 'pt-BR'),
  });
  const { saving, save } = useSave(setErrors);
  // A new password, a new login e-mail or a new number for reset codes asks for the current password (the server
  // refuses them without it).
  const emailChanged = form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const wppChanged = (form.wpp || '') !== (user.wpp ?? '');
  const asksCurrent = Boolean(form.password) || emailChanged || wppChanged;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    const { password, currentPassword, wpp, ...rest } = input;
    const body: UserUpdateInput = {
      ...rest,
      ...(wppChanged ? { wpp } : {}),
      ...(password ? { password } : {}),
      ...(asksCurrent ? { currentPassword } : {}),
    };
    await save(async () => {
      const saved = await api.put<UserDto>(`/users/${user.id}`, body);
      mergeSessionUser(saved);
      if (isLanguage(body.language) && body.language !== i18n.language) await chooseLanguage(body.language);
      toastSuccess(t('profile.saved'));
      onClose();
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('profile.title')} icon="person" className="profile-dialog">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <ProfilePhoto user={user} />
          <FormGroup
            label={t('profile.name')}
            labelFor="profile-name"
            helperText={error('name')}
            intent={intent('name')}
          >
            <InputGroup
              id="profile-name"
              value={form.name}
              onValueChange={set('name')}
              intent={intent('name')}
              data-testid="profile-name"
              autoFocus
            />
          </FormGroup>
          <FormGroup
            label={t('profile.email')}
            labelFor="profile-email"
            helperText={error('email')}
            intent={intent('email')}
          >
            <InputGroup
              id="profile-email"
              type="email"
              value={form.email}
              onValueChange={set('email')}
              intent={intent('email')}
              data-testid="profile-email"
            />
          </FormGroup>
          <WppField
            idPrefix="profile"
            value={form.wpp ?? ''}
            onValueChange={set('wpp')}
            error={error('wpp')}
            intent={intent('wpp')}
          />
          <FormGroup
            label={t('profile.password')}
            labelInfo={t('common.optional')}
            labelFor="profile-password"
            helperText={error('password') ?? t('profile.passwordHelp')}
            intent={intent('password')}
          >
            <PasswordInput
              id="profile-password"
              value={form.password}
              onValueChange={set('password')}
              intent={intent('password')}
              autoComplete="new-password"
              data-testid="profile-password"
            />
          </FormGroup>
          {asksCurrent && (
            <CurrentPasswordField
              idPrefix="profile"
              value={form.currentPassword}
              onValueChange={set('currentPassword')}
              error={error('currentPassword')}
              intent={intent('currentPassword')}
            />
          )}
          <FormGroup label={t('profile.language')} labelFor="profile-language">
            <HTMLSelect
              id="profile-language"
              fill
              value={form.language}
              onChange={(e) => set('language')(e.currentTarget.value as Language)}
              data-testid="profile-language"
              options={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
            />
          </FormGroup>
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="profile-save" />
      </form>
    </Dialog>
  );
}
