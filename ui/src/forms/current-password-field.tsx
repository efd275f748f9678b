import { FormGroup, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from './password-input';

interface Props {
  /** The form's id prefix: the input is `{idPrefix}-current-password` (also its test id). */
  idPrefix: string;
  value: string;
  onValueChange(value: string): void;
  error: string | undefined;
  intent: Intent;
}

/**
 * The current password, asked when users change their own password, e-mail or number (the server refuses the change without it).
 * @example {form.password && <CurrentPasswordField idPrefix="profile" value={form.currentPassword} … />}
 */
export function CurrentPasswordField({ idPrefix, value, onValueChange, error, intent }: Props) {
  const { t } = useTranslation();
  const id = `${idPrefix}-current-password`;
  return (
    <FormGroup
      label={t('common.currentPassword')}
      labelFor={id}
      helperText={error ?? t('common.currentPasswordHelp')}
      intent={intent}
    >
      <PasswordInput
        id={id}
        value={value}
        onValueChange={onValueChange}
        intent={intent}
        autoComplete="current-password"
        data-testid={id}
      />
    </FormGroup>
  );
}
