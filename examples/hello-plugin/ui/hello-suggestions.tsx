import { useComposer, useUiHost } from '@balcao/sdk/ui';
import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GreetingDto, GreetingPageDto } from '../shared/greeting';

/**
 * The composer's '/' slot, as a quick-replies plugin fills it: the team's greetings whose text contains what follows
 * the '/', picked into the composer with a click.
 */
export function HelloSuggestions() {
  const { t } = useTranslation('hello');
  const { api, toastError } = useUiHost();
  const { text, setText } = useComposer();
  const [greetings, setGreetings] = useState<GreetingDto[]>([]);

  useEffect(() => {
    api
      .get<GreetingPageDto>('/hello', { pageNumber: 1 })
      .then((page) => setGreetings(page.greetings), toastError);
  }, [api, toastError]);

  const wanted = text.slice(1).trim().toLowerCase();
  const matches = greetings.filter((g) => g.message.toLowerCase().includes(wanted)).slice(0, 5);
  if (matches.length === 0) return null;
  return (
    <Menu data-testid="hello-suggestions">
      <MenuDivider title={t('title')} />
      {matches.map((g) => (
        <MenuItem key={g.id} icon="hand" text={g.message} onClick={() => setText(g.message)} />
      ))}
    </Menu>
  );
}
