import { atom } from 'jotai';
import { connectionsAtom } from '../connections/connections-store';

/** Spec part 1 §2: these connection statuses put a warning badge on /connections. */
export const CONNECTION_WARNING_STATUSES: readonly string[] = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
];

export function hasConnectionWarning(statuses: readonly string[]): boolean {
  return statuses.some((status) => CONNECTION_WARNING_STATUSES.includes(status));
}

/** Statuses of the company's connections, live (ConnectionsFeed keeps them; empty until loaded). */
export const connectionStatusesAtom = atom<string[]>((get) =>
  (get(connectionsAtom) ?? []).map((c) => c.status),
);
