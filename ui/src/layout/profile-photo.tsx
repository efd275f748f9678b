import { MEDIA_MAX_BYTES, PROFILE_IMAGE_TYPES, type SessionUserDto, type UserDto } from '@balcao/sdk';
import { Button } from '@blueprintjs/core';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { toastError, toastSuccess } from '../notify/toaster';
import { mergeSessionUser } from '../session/session-actions';
import { UserAvatar } from './user-avatar';

/**
 * The user's photo in the profile dialog: shown, and replaced at once by a picked file
 * (`POST /api/users/{id}/media-upload`, spec part 1 §7); the avatar menu follows through the session.
 */
export function ProfilePhoto({ user }: { user: SessionUserDto }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    // Checked here too, so a wrong pick is told at once instead of after an upload.
    if (!PROFILE_IMAGE_TYPES.includes(file.type)) return toastError('ERR_PROFILE_IMAGE_TYPE');
    if (file.size > MEDIA_MAX_BYTES) return toastError('ERR_MEDIA_TOO_LARGE');
    const form = new FormData();
    form.append('userId', String(user.id));
    form.append('typeArch', 'user');
    form.append('profileImage', file, file.name);
    setUploading(true);
    try {
      mergeSessionUser(await api.post<UserDto>(`/users/${user.id}/media-upload`, form));
      toastSuccess(t('profile.photoSaved'));
    } catch (err) {
      toastError(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="profile-photo">
      <UserAvatar name={user.name} image={user.profileImage} size={64} />
      <Button
        icon="camera"
        text={t('profile.photoChange')}
        loading={uploading}
        onClick={() => input.current?.click()}
        data-testid="profile-photo-change"
      />
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        hidden
        onChange={(e) => void handleFile(e)}
        data-testid="profile-photo-input"
      />
    </div>
  );
}
