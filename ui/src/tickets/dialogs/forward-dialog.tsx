import { type ContactDto, type MessageDto, parseVCard } from '@balcao/sdk';
import { Checkbox, Dialog, DialogBody, FormGroup, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmFooter } from '../../forms/confirm-footer';
import { toastError, toastWarning } from '../../notify/toaster';
import { captionOf } from '../conversation/message-media';
import { previewText, truncate } from '../shared/format';
import { forwardMessage } from '../shared/tickets-api';
import { useSignMessage } from '../shared/use-sign-message';
import { ContactPicker } from './contact-picker';

/** Spec part 1 §9: forwarding waits 900 ms between messages, so they arrive in order and unthrottled. */
export const FORWARD_GAP_MS = 900;

const forwardable = (m: MessageDto) => !m.isPrivate && !m.isDeleted;

function label(m: MessageDto, t: (k: string) => string): string {
  const kind = t(`tickets.media.kind.${m.mediaType}`);
  if (m.mediaType === 'contactMessage') return `${kind}: ${parseVCard(m.body)?.name ?? ''}`;
  return truncate(previewText(captionOf(m.body)) || kind, 80);
}

/**
 * Forward (spec part 1 §2 Dialogs): choose the messages (the one clicked comes checked) and a contact; each goes
 * through `POST /api/message/forward`, then the attendant lands on /tickets (route table).
 */
export function ForwardDialog({
  message,
  messages,
  onClose,
}: {
  message: MessageDto | null;
  messages: MessageDto[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { offered: signOffered, sign, setSign } = useSignMessage();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSelected(new Set(message ? [message.id] : []));
    setContact(null);
    setInvalid(false);
  }, [message]);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async () => {
    if (selected.size === 0) {
      toastWarning(t('tickets.forward.selectOne'));
      return;
    }
    if (!contact) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    try {
      const ids = messages.filter((m) => selected.has(m.id)).map((m) => m.id);
      for (const [i, messageId] of ids.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, FORWARD_GAP_MS));
        await forwardMessage({ messageId, contactId: contact.id, signMessage: sign });
      }
      onClose();
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const candidates = messages.filter(forwardable);
  return (
    <Dialog
      isOpen={message !== null}
      onClose={onClose}
      title={t('tickets.forward.title')}
      icon="share"
      className="ticket-dialog"
    >
      <DialogBody>
        <FormGroup label={t('tickets.forward.messages')}>
          <div className="forward__messages" data-testid="forward-messages">
            {candidates.map((m) => (
              <Checkbox
                key={m.id}
                checked={selected.has(m.id)}
                onChange={() => toggle(m.id)}
                label={label(m, t)}
                data-testid={`forward-pick-${m.id}`}
              />
            ))}
          </div>
        </FormGroup>
        <ContactPicker id="forward-contact" value={contact} onChange={setContact} invalid={invalid} />
        {signOffered && (
          <Switch checked={sign} label={t('tickets.composer.sign')} onChange={() => setSign(!sign)} />
        )}
      </DialogBody>
      <ConfirmFooter
        text={t('tickets.forward.submit', { count: selected.size })}
        icon="share"
        busy={busy}
        onCancel={onClose}
        onConfirm={submit}
        testId="forward-submit"
      />
    </Dialog>
  );
}
