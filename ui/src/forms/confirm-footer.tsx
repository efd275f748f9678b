import { Button, DialogFooter, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's footer: Cancel, then the primary action (spinning while `busy`).
 * @example <ConfirmFooter text={t('tickets.transfer.submit')} busy={busy} onCancel={close} onConfirm={send} testId="transfer-confirm" />
 */
export function ConfirmFooter(props: {
  text: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
  testId: string;
  icon?: IconName;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter
      actions={
        <>
          <Button text={t('common.cancel')} onClick={props.onCancel} />
          <Button
            intent="primary"
            icon={props.icon}
            text={props.text}
            loading={props.busy}
            onClick={props.onConfirm}
            data-testid={props.testId}
          />
        </>
      }
    />
  );
}
