import { Button, DialogFooter, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's footer: Cancel, then the primary action (spinning while `busy`). Without `onConfirm` the action is the
 * submit button of the dialog's form.
 * @example <ConfirmFooter text={t('tickets.transfer.submit')} busy={busy} onCancel={close} onConfirm={send} testId="transfer-confirm" />
 * @example <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="user-save" />
 */
export function ConfirmFooter(props: {
  text: string;
  busy: boolean;
  onCancel(): void;
  onConfirm?(): void;
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
            type={props.onConfirm ? 'button' : 'submit'}
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
