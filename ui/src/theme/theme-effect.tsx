import { Classes } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { themeAtom } from './theme-atoms';

/** Applies the dark class on <body>, so portals (popovers, dialogs, toasts) follow the theme too. */
export function ThemeEffect() {
  const theme = useAtomValue(themeAtom);
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return null;
}
