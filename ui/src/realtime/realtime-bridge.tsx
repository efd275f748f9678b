import { companyChannel } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionIdOf } from '../api/jwt';
import { toastWarning } from '../notify/toaster';
import { parseSettingUpdate, withSetting } from '../session/company-settings';
import { tokenAtom, userAtom } from '../session/session-store';
import { isSessionTakenOver, TAKEOVER_LOGOUT_DELAY_MS } from './session-takeover';
import { realtime, useSocketChannel } from './socket';

/**
 * Keeps the socket open while signed in, logs this tab out when the account signs in elsewhere, and keeps the
 * session's company settings live.
 */
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
  // The session's company settings stay current: screens that follow one (the signature toggle, number masking)
  // change without a reload.
  const setUser = useSetAtom(userAtom);
  useSocketChannel(user ? companyChannel(user.companyId, 'settings') : null, (data) => {
    const setting = parseSettingUpdate(data);
    if (setting) setUser((u) => (u ? withSetting(u, setting) : u));
  });

  return null;
}
