import { type ConnectionDto, companyChannel } from '@balcao/sdk';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { toastError } from '../notify/toaster';
import { useRealtimeResyncs, useSocketChannel } from '../realtime/socket';
import { requireUser, userAtom } from '../session/session-store';
import { fetchConnections } from '../tickets/shared/tickets-api';
import {
  applyConnectionEvent,
  applyImportEvent,
  applySessionEvent,
  type ImportProgress,
} from './connection-rules';

/** The company's connections as the admin's shell knows them; null until the first load. */
export const connectionsAtom = atom<ConnectionDto[] | null>(null);

/** History imports in progress, by connection id (the `importMessages` frames; spec part 1 "Import progress event"). */
export const importProgressAtom = atom<ReadonlyMap<number, ImportProgress>>(new Map());

/**
 * Loads the connections (again after every socket resync) and follows `company-{id}-whatsapp` (connections changed)
 * and `-whatsappSession` (their sessions' statuses and QR codes), so the connections page, its QR-code modal and the
 * menu's connection warning stay live. Mounted once, by the layout, for admins.
 */
export function ConnectionsFeed() {
  const user = requireUser(useAtomValue(userAtom));
  const setConnections = useSetAtom(connectionsAtom);
  const resyncs = useRealtimeResyncs();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resyncs` reloads what the socket missed while away.
  useEffect(() => {
    let alive = true;
    fetchConnections().then((list) => alive && setConnections(list), toastError);
    return () => {
      alive = false;
    };
  }, [resyncs, setConnections]);

  const handleEvent = useCallback(
    (data: unknown) => setConnections((list) => (list ? applyConnectionEvent(list, data) : list)),
    [setConnections],
  );
  useSocketChannel(companyChannel(user.companyId, 'whatsapp'), handleEvent);
  const handleSession = useCallback(
    (data: unknown) => setConnections((list) => (list ? applySessionEvent(list, data) : list)),
    [setConnections],
  );
  useSocketChannel(companyChannel(user.companyId, 'whatsappSession'), handleSession);
  const setImports = useSetAtom(importProgressAtom);
  const handleImport = useCallback(
    (data: unknown) => setImports((progress) => applyImportEvent(progress, data)),
    [setImports],
  );
  useSocketChannel(companyChannel(user.companyId, 'importMessages'), handleImport);
  return null;
}
