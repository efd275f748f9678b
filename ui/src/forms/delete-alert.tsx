import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before deleting `doomed` (open while it is set), with the texts under `{ns}.delete`: `title` (with the
 * name), `text` and `confirm`.
 * @example <DeleteAlert ns="users" doomed={doomed} onCancel={() => setDoomed(null)} onConfirm={remove} />
 */
export function DeleteAlert(props: {
  ns: string;
  doomed: { name: string } | null;
  onCancel(): void;
  onConfirm(): void;
  textTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={props.doomed !== null}
      icon="trash"
      intent="danger"
      cancelButtonText={t('common.cancel')}
      confirmButtonText={t(`${props.ns}.delete.confirm`)}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>
        <strong>{t(`${props.ns}.delete.title`, { name: props.doomed?.name ?? '' })}</strong>
      </p>
      <p data-testid={props.textTestId}>{t(`${props.ns}.delete.text`)}</p>
    </Alert>
  );
}
