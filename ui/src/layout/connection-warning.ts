import { atom } from 'jotai';

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

/** Statuses of the company's connections; the connections page (a later issue) feeds it. */
export const connectionStatusesAtom = atom<string[]>([]);
