import { useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  NonIdealState,
} from '@blueprintjs/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TITLE_MAX, type ChatDto, chatInputSchema } from '../shared/chat';

interface UserName {
  id: number;
  name: string;
}

/**
 * New or edit chat (spec part 2 §2, §5): a title and the members; save stays disabled until the title is filled and
 * at least one user is chosen. The owner is always a member, so they are not offered.
 */
export function ChatDialog({
  chat,
  onClose,
  onSaved,
}: {
  /** null: a new chat. */
  chat: ChatDto | null;
  onClose(): void;
  onSaved(chat: ChatDto): void;
}) {
  const { t } = useTranslation('internal-chat');
  const { api, user } = useUiHost();
  const ownerId = chat?.ownerId ?? user.id;
  const [title, setTitle] = useState(chat?.title ?? '');
  const [chosen, setChosen] = useState<Set<number>>(
    () => new Set(chat?.users.map((u) => u.userId).filter((id) => id !== ownerId) ?? []),
  );
  const [users, setUsers] = useState<UserName[]>([]);
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.get<UserName[]>('/users/list').then(
      (list) => setUsers(list),
      () => setUsers([]),
    );
  }, [api]);

  const shown = useMemo(
    () =>
      users
        .filter((u) => u.id !== ownerId)
        .filter((u) => u.name.toLowerCase().includes(filter.trim().toLowerCase())),
    [users, ownerId, filter],
  );
  const input = { title, users: [...chosen] };
  const valid = chatInputSchema.safeParse(input).success;

  const toggle = (id: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    setSaving(true);
    try {
      const saved = chat
        ? await api.put<ChatDto>(`/chats/${chat.id}`, input)
        : await api.post<ChatDto>('/chats', input);
      onSaved(saved);
    } catch {
      // Spec part 2 §8: chat errors are silently ignored; the dialog stays open with what was typed.
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(chat ? 'dialog.editTitle' : 'dialog.newTitle')} icon="chat">
      <form onSubmit={submit} data-testid="chat-dialog">
        <DialogBody>
          <FormGroup label={t('dialog.titleLabel')} labelFor="chat-title">
            <InputGroup
              id="chat-title"
              value={title}
              maxLength={CHAT_TITLE_MAX}
              onValueChange={setTitle}
              autoFocus
              data-testid="chat-title"
            />
          </FormGroup>
          <FormGroup label={t('dialog.usersLabel')} labelFor="chat-users-filter">
            <InputGroup
              id="chat-users-filter"
              leftIcon="search"
              placeholder={t('dialog.usersPlaceholder')}
              value={filter}
              onValueChange={setFilter}
            />
            <div className="internal-chat__users" data-testid="chat-users">
              {shown.length === 0 ? (
                <NonIdealState icon="people" description={t('dialog.noUsers')} />
              ) : (
                shown.map((u) => (
                  <div key={u.id} data-testid={`chat-user-${u.id}`}>
                    <Checkbox label={u.name} checked={chosen.has(u.id)} onChange={() => toggle(u.id)} />
                  </div>
                ))
              )}
            </div>
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('dialog.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('dialog.save')}
                loading={saving}
                disabled={!valid}
                data-testid="chat-save"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
