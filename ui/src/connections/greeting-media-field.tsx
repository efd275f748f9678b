import { type ConnectionDto, GREETING_MEDIA_TYPES, greetingMediaIssue } from '@balcao/sdk';
import { Button, FormGroup, Icon, Tag } from '@blueprintjs/core';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { removeGreetingMedia, uploadGreetingMedia } from './connections-api';

/**
 * What the dialog will do with the greeting's media when saved: keep it, upload a picked file (replacing any), or
 * remove it. Nothing reaches the server before Save: Cancel leaves the connection as it was, and a new connection has
 * no id to attach to until it is created, so both modes follow one rule.
 */
export type GreetingMediaChange = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' };

/** What the accept attribute offers: the types and their extensions (GREETING_MEDIA_TYPES). */
const ACCEPT = Object.entries(GREETING_MEDIA_TYPES)
  .flatMap(([type, exts]) => [type, ...exts])
  .join(',');

/** The file the connection will greet with once saved, by name; null: none. */
export function greetingMediaShown(connection: ConnectionDto | null, change: GreetingMediaChange) {
  if (change.kind === 'upload') return { name: change.file.name, url: null };
  if (change.kind === 'remove' || !connection?.greetingMediaName) return null;
  return { name: connection.greetingMediaName, url: connection.greetingMediaAttachment };
}

/** Carries out the change on a saved connection; answers the connection as it then is, or null when nothing changed. */
export async function applyGreetingMedia(id: number, change: GreetingMediaChange, had: boolean) {
  if (change.kind === 'upload') return uploadGreetingMedia(id, change.file);
  if (change.kind === 'remove' && had) return removeGreetingMedia(id);
  return null;
}

/**
 * The greeting's media beside the greeting message (spec part 1 Connection `greetingMediaAttachment`): the current
 * file's name (a link to it once stored), attach / replace and remove. A file of the wrong type or size is refused at
 * once, with the server's own rule, and said on the field.
 */
export function GreetingMediaField({
  connection,
  change,
  onChange,
  error,
  onError,
  disabled,
}: {
  connection: ConnectionDto | null;
  change: GreetingMediaChange;
  onChange(change: GreetingMediaChange): void;
  error: string | undefined;
  onError(message: string | undefined): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const shown = greetingMediaShown(connection, change);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const issue = greetingMediaIssue({ name: file.name, type: file.type, size: file.size });
    onError(issue ? t(`errors.${issue}`) : undefined);
    if (!issue) onChange({ kind: 'upload', file });
  };
  const handleRemove = () => {
    onError(undefined);
    onChange(connection?.greetingMediaName ? { kind: 'remove' } : { kind: 'keep' });
  };

  return (
    <FormGroup
      label={t('connections.dialog.greetingMedia')}
      helperText={
        error ??
        (change.kind === 'upload'
          ? t('connections.dialog.greetingMediaPending')
          : t('connections.dialog.greetingMediaHelp'))
      }
      intent={error ? 'danger' : 'none'}
      className="connection-dialog__greeting-media"
    >
      <div className="connection-dialog__row" data-testid="connection-greeting-media">
        {shown ? (
          <Tag icon="paperclip" minimal size="large" data-testid="connection-greeting-media-name">
            {shown.url ? (
              <a href={shown.url} target="_blank" rel="noreferrer">
                {shown.name}
              </a>
            ) : (
              shown.name
            )}
          </Tag>
        ) : (
          <span className="bp6-text-muted" data-testid="connection-greeting-media-none">
            <Icon icon="paperclip" /> {t('connections.dialog.greetingMediaNone')}
          </span>
        )}
        <Button
          icon="upload"
          text={
            shown ? t('connections.dialog.greetingMediaReplace') : t('connections.dialog.greetingMediaAttach')
          }
          onClick={() => input.current?.click()}
          disabled={disabled}
          data-testid="connection-greeting-media-attach"
        />
        {shown && (
          <Button
            icon="trash"
            variant="minimal"
            intent="danger"
            text={t('connections.dialog.greetingMediaRemove')}
            onClick={handleRemove}
            disabled={disabled}
            data-testid="connection-greeting-media-remove"
          />
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={handleFile}
          data-testid="connection-greeting-media-input"
        />
      </div>
    </FormGroup>
  );
}
