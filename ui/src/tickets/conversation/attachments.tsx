import { Button, Icon, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Attach (several files) and camera capture (`<input capture>`: the phone's camera, a file picker elsewhere). */
export function AttachButtons({ disabled, onAdd }: { disabled: boolean; onAdd(files: File[]): void }) {
  const { t } = useTranslation();
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement | null) => {
    if (!input?.files?.length) return;
    onAdd(Array.from(input.files));
    input.value = '';
  };
  return (
    <>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid="composer-file-input"
      />
      <input
        ref={camera}
        type="file"
        accept="image/*,video/*"
        capture="environment"
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid="composer-camera-input"
      />
      <Tooltip content={t('tickets.media.attach')} placement="top">
        <Button
          variant="minimal"
          icon="paperclip"
          aria-label={t('tickets.media.attach')}
          disabled={disabled}
          onClick={() => files.current?.click()}
          data-testid="composer-attach"
        />
      </Tooltip>
      <Tooltip content={t('tickets.media.camera')} placement="top">
        <Button
          variant="minimal"
          icon="camera"
          aria-label={t('tickets.media.camera')}
          disabled={disabled}
          onClick={() => camera.current?.click()}
          data-testid="composer-camera"
        />
      </Tooltip>
    </>
  );
}

function Preview({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url) return <img src={url} alt="" className="attachment__thumb" />;
  const icon = file.type.startsWith('video/')
    ? 'video'
    : file.type.startsWith('audio/')
      ? 'music'
      : 'document';
  return <Icon icon={icon} size={20} className="attachment__thumb attachment__thumb--icon" />;
}

/** Files waiting to be sent; the text box becomes the caption of the first. */
export function AttachmentList({ files, onRemove }: { files: File[]; onRemove(index: number): void }) {
  const { t } = useTranslation();
  return (
    <ul className="attachments" data-testid="composer-attachments">
      {files.map((file, i) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}`} className="attachment">
          <Preview file={file} />
          <span className="attachment__name" title={file.name}>
            {file.name}
          </span>
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            aria-label={t('tickets.media.remove', { name: file.name })}
            onClick={() => onRemove(i)}
            data-testid="attachment-remove"
          />
        </li>
      ))}
    </ul>
  );
}
