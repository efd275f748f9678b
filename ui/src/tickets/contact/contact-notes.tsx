import { type TicketNoteDto, ticketNoteSchema } from '@balcao/sdk';
import { Button, Card, FormGroup, H6, TextArea } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../notify/toaster';
import { userAtom } from '../../session/session-store';
import { addTicketNote, deleteTicketNote, fetchTicketNotes } from '../shared/contact-actions-api';
import { formatDateTime } from '../shared/format';

/** Ticket notes (spec part 1 §2 contact drawer; §8 toasts): add with the 2-character rule, delete own (admins any). */
export function ContactNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation();
  const me = useAtomValue(userAtom);
  const [notes, setNotes] = useState<TicketNoteDto[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () => fetchTicketNotes(ticketId, contactId).then(setNotes, toastError),
    [ticketId, contactId],
  );
  useEffect(() => {
    setNotes([]);
    void load();
  }, [load]);

  const handleAdd = async () => {
    const parsed = ticketNoteSchema.safeParse({ note: draft, ticketId, contactId });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue === 'Too Short!' ? t('tickets.notes.tooShort') : t('validation.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await addTicketNote(parsed.data);
      setDraft('');
      toastSuccess(t('tickets.notes.added'));
      await load();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const handleDelete = async (id: number) => {
    try {
      await deleteTicketNote(id);
      toastSuccess(t('tickets.notes.deleted'));
      setNotes((list) => list.filter((n) => n.id !== id));
    } catch (err) {
      toastError(err);
    }
  };

  const mayDelete = (n: TicketNoteDto) => me && (n.user?.id === me.id || me.profile === 'admin' || me.super);
  return (
    <section className="contact-notes" data-testid="contact-notes">
      <H6 className="contact-drawer__section">{t('tickets.notes.title')}</H6>
      <FormGroup intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
        <TextArea
          fill
          rows={3}
          value={draft}
          placeholder={t('tickets.notes.placeholder')}
          onChange={(e) => setDraft(e.target.value)}
          intent={error ? 'danger' : 'none'}
          data-testid="note-input"
        />
      </FormGroup>
      <Button
        intent="primary"
        size="small"
        text={t('tickets.notes.add')}
        loading={busy}
        onClick={handleAdd}
        data-testid="note-add"
      />
      {notes.length === 0 && <p className="contact-drawer__muted">{t('tickets.notes.empty')}</p>}
      {notes.map((n) => (
        <Card key={n.id} className="contact-notes__note" compact data-testid="note">
          <div className="contact-notes__text">{n.note}</div>
          <div className="contact-notes__meta">
            <span>
              {n.user?.name ?? '—'} · {formatDateTime(n.createdAt)}
            </span>
            {mayDelete(n) && (
              <Button
                size="small"
                variant="minimal"
                icon="trash"
                aria-label={t('tickets.notes.delete')}
                onClick={() => handleDelete(n.id)}
                data-testid="note-delete"
              />
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}
