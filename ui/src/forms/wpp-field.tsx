import { FormGroup, InputGroup, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The form's id prefix: the input is `{idPrefix}-wpp` (also its test id). */
  idPrefix: string;
  value: string;
  onValueChange(value: string): void;
  error: string | undefined;
  intent: Intent;
}

/**
 * A user's own WhatsApp number (password recovery sends its code there), in the profile and user dialogs.
 * @example <WppField idPrefix="profile" value={form.wpp ?? ''} onValueChange={set('wpp')} … />
 */
export function WppField({ idPrefix, value, onValueChange, error, intent }: Props) {
  const { t } = useTranslation();
  const id = `${idPrefix}-wpp`;
  return (
    <FormGroup
      label={t('users.wpp')}
      labelInfo={t('common.optional')}
      labelFor={id}
      helperText={error ?? t('users.wppHelp')}
      intent={intent}
    >
      <InputGroup
        id={id}
        type="tel"
        value={value}
        onValueChange={onValueChange}
        intent={intent}
        placeholder="5511999990000"
        data-testid={id}
      />
    </FormGroup>
  );
}
