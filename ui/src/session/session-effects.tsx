import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { resetPlugins } from '../plugins/plugin-host';
import { userAtom } from './session-store';

/** Side effects of the session that are not tied to a screen. */
export function SessionEffects() {
  const signedIn = useAtomValue(userAtom) !== null;
  useEffect(() => {
    // Plugins are per tenant: forget them on logout so the next login loads its own.
    if (!signedIn) resetPlugins();
  }, [signedIn]);
  return null;
}
