import { Button, FileInput, FormGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** What the modal will do with the campaign's file on save: keep it, upload a new one, or remove it. */
export interface MediaChoice {
  file: File | null;
  drop: boolean;
}

interface Props {
  /** The campaign's stored file name, if it has one. */
  current: string | null;
  choice: MediaChoice;
  onChange(choice: MediaChoice): void;
  readOnly: boolean;
}

/** The campaign's one file (an image, audio, video or document), uploaded or removed once the campaign is saved. */
export function CampaignMediaField({ current, choice, onChange, readOnly }: Props) {
  const { t } = useTranslation('campaigns');
  const name = choice.file?.name ?? (choice.drop ? null : current);
  return (
    <FormGroup label={t('dialog.media')} labelFor="campaign-media-file" helperText={t('dialog.mediaHint')}>
      {name ? (
        <div>
          <Tag icon="paperclip" large minimal data-testid="campaign-media">
            {name}
          </Tag>{' '}
          {!readOnly && (
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              text={t('dialog.removeMedia')}
              onClick={() => onChange({ file: null, drop: true })}
              data-testid="campaign-remove-media"
            />
          )}
        </div>
      ) : (
        <FileInput
          disabled={readOnly}
          text={t('dialog.attach')}
          buttonText={t('dialog.attach')}
          inputProps={{
            id: 'campaign-media-file',
            'aria-label': t('dialog.attach'),
            accept: 'image/*,audio/*,video/*,application/*,text/plain',
          }}
          onInputChange={(e) => onChange({ file: e.currentTarget.files?.[0] ?? null, drop: choice.drop })}
          data-testid="campaign-media-file"
        />
      )}
    </FormGroup>
  );
}
