import { companyChannel } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionIdOf } from '../api/jwt';
import { toastWarning } from '../notify/toaster';
import { tokenAtom, userAtom } from '../session/session-store';
import { isSessionTakenOver, TAKEOVER_LOGOUT_DELAY_MS } from './session-takeover';
import { realtime, useSocketChannel } from './socket';

/** Keeps the socket open while signed in and logs this tab out when the account signs in elsewhere. */
export function RealtimeBridge() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const token = useAtomValue(tokenAtom);
  const signedIn = user !== null;

  useEffect(() => {
    if (!signedIn) return;
    realtime.start();
    return () => realtime.stop();
  }, [signedIn]);

  const handleAuth = useCallback(
    (data: unknown) => {
      if (!user || !isSessionTakenOver(data, user.id, sessionIdOf(token))) return;
      toastWarning(t('session.otherDevice'));
      setTimeout(() => {
        localStorage.clear();
        window.location.reload();
      }, TAKEOVER_LOGOUT_DELAY_MS);
    },
    [user, token, t],
  );
  useSocketChannel(user ? companyChannel(user.companyId, 'auth') : null, handleAuth);

  return null;
}
