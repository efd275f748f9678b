import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password field with a show/hide toggle. @example <PasswordInput id="login-password" value={v} onValueChange={set} /> */
export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      {...props}
      type={visible ? 'text' : 'password'}
      rightElement={
        <Button
          variant="minimal"
          icon={visible ? 'eye-off' : 'eye-open'}
          aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}
