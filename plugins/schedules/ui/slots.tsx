import { useComposer, useSlotContact, useUiHost } from '@balcao/sdk/ui';
import { Button } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchedulePageDto } from '../shared/schedule';
import { ScheduleDialog } from './schedule-dialog';

/** `ticket.composer.actions`: schedule a message to the ticket's contact, starting from what is typed. */
export function ComposerScheduleButton() {
  const { t } = useTranslation('schedules');
  const { ticket, text } = useComposer();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        icon="time"
        title={t('slot.schedule')}
        aria-label={t('slot.schedule')}
        onClick={() => setOpen(true)}
        data-testid="schedules-composer-button"
      />
      {open && (
        <ScheduleDialog
          schedule={null}
          contact={{ id: ticket.contact.id, name: ticket.contact.name }}
          body={text}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** `contact.drawer.sections`: how many messages wait for this contact, and a button to schedule one. */
export function ContactSchedulesSection() {
  const { t } = useTranslation('schedules');
  const { api, toastError } = useUiHost();
  const contact = useSlotContact();
  const [pending, setPending] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const count = useCallback(async () => {
    try {
      const page = await api.get<SchedulePageDto>('/schedules', { contactId: contact.id });
      setPending(page.schedules.filter((s) => s.status === 'pending').length);
    } catch (error) {
      toastError(error);
    }
  }, [api, toastError, contact.id]);
  useEffect(() => {
    void count();
  }, [count]);
  return (
    <div data-testid="schedules-contact-section">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <strong>{t('slot.drawerTitle')}</strong>
        <Button
          size="small"
          icon="time"
          text={t('slot.schedule')}
          onClick={() => setOpen(true)}
          data-testid="schedules-drawer-button"
        />
      </div>
      <div className="bp6-text-muted">
        {pending ? t('slot.drawerPending', { count: pending }) : t('slot.drawerNone')}
      </div>
      {open && (
        <ScheduleDialog
          schedule={null}
          contact={{ id: contact.id, name: contact.name }}
          onClose={() => setOpen(false)}
          onSaved={() => void count()}
        />
      )}
    </div>
  );
}
