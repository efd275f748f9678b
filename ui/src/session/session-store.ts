import type { SessionUserDto } from '@balcao/sdk';
import { atom, createStore } from 'jotai';
import { readToken } from '../api/token-storage';

/** The one jotai store, so non-React code (HTTP hooks, realtime) can read and update the session. */
export const appStore = createStore();

/** 'restoring' until the start-up refresh settles. */
export type SessionStatus = 'restoring' | 'ready';

export const sessionStatusAtom = atom<SessionStatus>('restoring');
export const userAtom = atom<SessionUserDto | null>(null);
export const tokenAtom = atom<string | null>(readToken());

/** The signed-in user; only for components rendered behind the private guard. */
export const requireUser = (user: SessionUserDto | null): SessionUserDto => {
  if (!user) throw new Error('No session user: render this behind the private route guard.');
  return user;
};
