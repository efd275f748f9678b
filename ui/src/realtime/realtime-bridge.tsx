import { companyChannel } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionIdOf } from '../api/jwt';
import { toastWarning } from '../notify/toaster';
import { reloadPlugins } from '../plugins/plugin-host';
import { parseSettingUpdate, withSetting } from '../session/company-settings';
import { rememberLogoutReason } from '../session/logout-reason';
import { noteLiveSessionChange, refreshSessionUser } from '../session/session-actions';
import { tokenAtom, userAtom } from '../session/session-store';
import { isChangeOfSelf, touchesOwnQueues } from '../session/user-events';
import { refreshCompanyQueues } from '../tickets/shared/use-queues';
import { isSessionTakenOver, TAKEOVER_LOGOUT_DELAY_MS } from './session-takeover';
import { realtime, useReloadOnResync, useSocketChannel } from './socket';

/**
 * Keeps the socket open while signed in, logs this tab out when the account signs in elsewhere, and keeps the
 * session's company settings, the session user (their queues and access) and the company's queues live.
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
      // The server closes this session's socket next (its tokens are refused from now on): no reconnect or token
      // refresh in the second before the tab signs out.
      realtime.stop();
      toastWarning(t('session.otherDevice'));
      setTimeout(() => {
        localStorage.clear();
        rememberLogoutReason('otherDevice');
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
    if (!setting) return;
    noteLiveSessionChange();
    setUser((u) => (u ? withSetting(u, setting) : u));
  });
  // Spec part 1 §4: an admin's change to this user (queues, allTicket, allowGroup) or to one of their queues reaches
  // the session; any queue change reaches the queue select and the accept, new-ticket and transfer dialogs.
  useSocketChannel(user ? companyChannel(user.companyId, 'user') : null, (data) => {
    if (user && isChangeOfSelf(data, user.id)) void refreshSessionUser();
  });
  // The company's plan changed (a super admin toggled a flag or moved the company): menus, pages and plugins follow.
  useSocketChannel(user ? companyChannel(user.companyId, 'plan') : null, () => {
    void refreshSessionUser();
    void reloadPlugins();
  });
  useSocketChannel(user ? companyChannel(user.companyId, 'queue') : null, (data) => {
    refreshCompanyQueues();
    if (user && touchesOwnQueues(data, user)) void refreshSessionUser();
  });
  // Changes missed while the socket was away (or before it first connected).
  useReloadOnResync(() => {
    refreshCompanyQueues();
    void refreshSessionUser();
    void reloadPlugins();
  }, signedIn);

  return null;
}
