import { useSlotContact, useUiHost } from '@balcao/sdk/ui';
import { Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptOutDto } from '../shared/opt-out';

/**
 * `contact.drawer.sections`: whether the contact answered a stop word. Shown so an attendant knows why campaigns skip
 * them (issue 26: opt-out "shown on the contact").
 */
export function ContactOptOutSection() {
  const { api, toastError } = useUiHost();
  const contact = useSlotContact();
  const [optOut, setOptOut] = useState<OptOutDto | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<OptOutDto>('/campaign-opt-outs', { contactId: contact.id })
      .then((answer) => live && setOptOut(answer))
      .catch(toastError);
    return () => {
      live = false;
    };
  }, [api, toastError, contact.id]);
  return optOut ? <OptOutLine optOut={optOut} /> : null;
}

/** The section's content once the server answered. */
export function OptOutLine({ optOut }: { optOut: OptOutDto }) {
  const { t, i18n } = useTranslation('campaigns');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div data-testid="campaigns-opt-out-section">
      <strong>{t('optOut.title')}</strong>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginTop: 4 }}>
        <Icon icon={optOut.optedOutAt ? 'disable' : 'tick'} intent={optOut.optedOutAt ? 'danger' : 'none'} />
        <span data-testid="campaigns-opt-out-state">
          {optOut.optedOutAt
            ? t('optOut.optedOut', { date: when.format(new Date(optOut.optedOutAt)) })
            : t('optOut.receives')}
        </span>
      </div>
    </div>
  );
}
