import { atomWithStorage } from 'jotai/utils';
import { plainStorage } from './local-storage';

export type ThemeMode = 'light' | 'dark';

/** Spec part 2 §2: saved under `preferredTheme`, defaulting to the system preference. */
export const THEME_STORAGE_KEY = 'preferredTheme';
/** Spec part 1 §9: volume default 1, stored locally. */
export const VOLUME_STORAGE_KEY = 'volume';

function systemTheme(): ThemeMode {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const parseTheme = (raw: string): ThemeMode | null => {
  const value = raw.replace(/"/g, '');
  return value === 'dark' || value === 'light' ? value : null;
};

/** Clamps to 0..1 on the 0.1 grid of the slider. */
export const parseVolume = (raw: string): number | null => {
  const value = Number(raw);
  return raw.trim() !== '' && Number.isFinite(value)
    ? Math.round(Math.min(1, Math.max(0, value)) * 10) / 10
    : null;
};

export const themeAtom = atomWithStorage<ThemeMode>(
  THEME_STORAGE_KEY,
  systemTheme(),
  plainStorage(parseTheme),
  {
    getOnInit: true,
  },
);

export const volumeAtom = atomWithStorage<number>(VOLUME_STORAGE_KEY, 1, plainStorage(parseVolume), {
  getOnInit: true,
});
