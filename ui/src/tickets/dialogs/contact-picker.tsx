import type { ContactDto } from '@balcao/sdk';
import { Button, FormGroup, InputGroup, Menu, MenuItem, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactAddress } from '../../contacts/contact-address';
import { toastError } from '../../notify/toaster';
import { searchContacts } from '../shared/tickets-api';
import { useDebounced } from '../shared/use-debounced';

/** Spec part 1 §9: contact lookup needs 3 characters. */
export const CONTACT_SEARCH_MIN = 3;

/** Contact search (spec part 1 §9: 3 characters, debounced) ending in one chosen contact. */
export function ContactPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: ContactDto | null;
  onChange(contact: ContactDto | null): void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const addressOf = useContactAddress();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term.trim());
  const [contacts, setContacts] = useState<ContactDto[]>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (debounced.length < CONTACT_SEARCH_MIN) {
      setContacts([]);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    searchContacts(debounced, controller.signal)
      .then(setContacts, (err: unknown) => !controller.signal.aborted && toastError(err))
      .finally(() => setSearching(false));
    return () => controller.abort();
  }, [debounced]);

  const short = term.trim().length < CONTACT_SEARCH_MIN;
  return (
    <>
      <FormGroup
        label={t('tickets.fields.contact')}
        labelFor={id}
        intent={invalid ? 'danger' : 'none'}
        helperText={invalid ? t('validation.required') : t('tickets.newTicket.searchHint')}
      >
        <InputGroup
          id={id}
          leftIcon="search"
          value={value ? value.name : term}
          placeholder={t('tickets.newTicket.searchPlaceholder')}
          onValueChange={(v) => {
            onChange(null);
            setTerm(v);
          }}
          rightElement={
            value ? (
              <Button
                variant="minimal"
                icon="cross"
                aria-label={t('tickets.media.clearContact')}
                onClick={() => onChange(null)}
              />
            ) : undefined
          }
          data-testid={`${id}-search`}
        />
      </FormGroup>
      {!value && !short && (
        <div className="new-ticket__results">
          {searching && <Spinner size={20} />}
          {!searching && contacts.length === 0 && (
            <NonIdealState icon="person" description={t('tickets.newTicket.noContacts')} />
          )}
          {!searching && contacts.length > 0 && (
            <Menu>
              {contacts.map((c) => (
                <MenuItem
                  key={c.id}
                  icon="person"
                  text={c.name}
                  label={addressOf(c)}
                  onClick={() => onChange(c)}
                  data-testid={`${id}-option`}
                />
              ))}
            </Menu>
          )}
        </div>
      )}
    </>
  );
}
