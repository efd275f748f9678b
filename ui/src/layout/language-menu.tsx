import { LANGUAGES, type Language, type UserDto } from '@balcao/sdk';
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { chooseLanguage } from '../i18n';
import { toastError } from '../notify/toaster';
import { mergeSessionUser } from '../session/session-actions';
import { userAtom } from '../session/session-store';

/** Interface language: stored locally under `i18nextLng` and, when signed in, saved on the user. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const user = useAtomValue(userAtom);
  const current = i18n.resolvedLanguage ?? i18n.language;

  const handleChoose = async (lang: Language) => {
    await chooseLanguage(lang);
    if (!user) return;
    try {
      mergeSessionUser(await api.put<UserDto>(`/users/${user.id}`, { language: lang }));
    } catch (err) {
      toastError(err);
    }
  };

  const menu = (
    <Menu aria-label={t('topbar.language')}>
      {LANGUAGES.map((lang) => (
        <MenuItem
          key={lang}
          text={t(`languages.${lang}`)}
          icon={lang === current ? 'tick' : 'blank'}
          active={lang === current}
          data-testid={`lang-${lang}`}
          onClick={() => void handleChoose(lang)}
        />
      ))}
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant="minimal"
        icon="translate"
        text={
          compact ? undefined : (
            <span className="top-bar__lang-code">{current.slice(0, 2).toUpperCase()}</span>
          )
        }
        aria-label={t('topbar.language')}
        title={t('topbar.language')}
        data-testid="language-menu"
      />
    </PopoverNext>
  );
}
