import { type UiHost, UiHostContext } from '@balcao/sdk/ui';
import { useAtomValue } from 'jotai';
import { type ReactNode, useMemo, useRef } from 'react';
import { api } from '../api/http';
import { uploadFile } from '../api/upload';
import { showDesktopNotification } from '../notifications/desktop-notification';
import { playNotificationSound } from '../notifications/notification-sound';
import { toastError, toastSuccess } from '../notify/toaster';
import { realtime } from '../realtime/socket';
import { requireUser, userAtom } from '../session/session-store';
import { volumeAtom } from '../theme/theme-atoms';
import { SHELL_BLOCKS } from './shell-blocks';

const hostApi: UiHost['api'] = {
  get: (path, query) => api.get(path, { query }),
  post: (path, body) => api.post(path, body),
  put: (path, body) => api.put(path, body),
  delete: (path) => api.delete(path),
  upload: uploadFile,
};

const subscribe: UiHost['subscribe'] = (channel, handler) => realtime.subscribe(channel, handler);

/** Gives plugin pages and slots the shell's API client, toasts, realtime, user and building blocks (`useUiHost()`). */
export function UiHostProvider({ children }: { children: ReactNode }) {
  const user = requireUser(useAtomValue(userAtom));
  // Read when an alert comes, so moving the slider does not hand every plugin a new host.
  const volume = useRef(0);
  volume.current = useAtomValue(volumeAtom);
  const host = useMemo<UiHost>(() => {
    const notify: UiHost['notify'] = (alert) => {
      showDesktopNotification(alert);
      playNotificationSound(volume.current);
    };
    return { api: hostApi, toastError, toastSuccess, subscribe, notify, user, blocks: SHELL_BLOCKS };
  }, [user]);
  return <UiHostContext.Provider value={host}>{children}</UiHostContext.Provider>;
}
