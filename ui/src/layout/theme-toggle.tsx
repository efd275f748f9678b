import { Button, Tooltip } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { themeAtom } from '../theme/theme-atoms';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(themeAtom);
  const dark = theme === 'dark';
  const label = t(dark ? 'topbar.themeToLight' : 'topbar.themeToDark');
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        icon={dark ? 'flash' : 'moon'}
        aria-label={label}
        aria-pressed={dark}
        data-testid="theme-toggle"
        data-theme={theme}
        onClick={() => setTheme(dark ? 'light' : 'dark')}
      />
    </Tooltip>
  );
}
