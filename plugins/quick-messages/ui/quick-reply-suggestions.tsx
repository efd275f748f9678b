import { localClock, renderVariables } from '@balcao/sdk/rest';
import { useComposer, useComposerKey, useUiHost } from '@balcao/sdk/ui';
import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QuickMessageDto, type QuickMessagePageDto, suggestionLabel } from '../shared/quick-message';
import { useDebounced } from './use-quick-messages';

/** The composer waits this little after a keystroke before asking: the list follows the typing, not every key. */
const TYPING_DEBOUNCE_MS = 150;

/**
 * The composer's '/' list (spec part 1 §5): the user's and shared active replies whose shortcut or text matches what
 * follows the '/', labels cut at 35 characters. Arrows move, Enter or a click picks: the text goes into the composer
 * with its variables filled, and a reply's file is attached.
 */
export function QuickReplySuggestions() {
  const { t, i18n } = useTranslation('quick-messages');
  const { api, user, toastError } = useUiHost();
  const { text, ticket, setText, attach } = useComposer();
  const search = useDebounced(text.slice(1).trim(), TYPING_DEBOUNCE_MS);
  const [replies, setReplies] = useState<QuickMessageDto[]>([]);
  const [active, setActiveState] = useState(0);
  // The key handler reads the highlighted reply from here: an Enter right after an arrow (a fast typist, a busy
  // machine) comes before React renders the arrow's move, and the rendered `active` would still name the old one.
  const activeRef = useRef(0);
  // The highlighted reply itself: a list that comes back while the user moves (the search of a later keystroke)
  // keeps it highlighted when it is still there, instead of jumping back to the first.
  const activeIdRef = useRef<number | null>(null);
  const setActive = useCallback((i: number, list: QuickMessageDto[]) => {
    activeRef.current = i;
    activeIdRef.current = list[i]?.id ?? null;
    setActiveState(i);
  }, []);

  useEffect(() => {
    let alive = true;
    api.get<QuickMessagePageDto>('/quick-messages', { searchParam: search, pageNumber: 1 }).then((page) => {
      if (!alive) return;
      const list = page.records.filter((r) => r.status);
      setReplies(list);
      setActive(
        Math.max(
          0,
          list.findIndex((r) => r.id === activeIdRef.current),
        ),
        list,
      );
    }, toastError);
    return () => {
      alive = false;
    };
  }, [api, toastError, search, setActive]);

  const pick = async (reply: QuickMessageDto) => {
    const periods = [
      t('periods.dawn'),
      t('periods.morning'),
      t('periods.afternoon'),
      t('periods.evening'),
    ] as const;
    setText(
      renderVariables(reply.message, {
        contactName: ticket.contact.name,
        ticketId: ticket.id,
        userName: user.name,
        queueName: ticket.queue?.name ?? '',
        connectionName: ticket.whatsapp?.name ?? '',
        companyName: user.company.name,
        periods,
        at: t('at'),
        // The attendant's clock: they read the text before it leaves.
        clock: localClock(new Date()),
      }),
    );
    if (!reply.mediaPath) return;
    try {
      // Media are served to whoever holds the URL (the file's random name is the capability): no token needed.
      const res = await fetch(reply.mediaPath);
      if (!res.ok) throw new Error(`media ${res.status}`);
      const blob = await res.blob();
      attach([new File([blob], reply.mediaName ?? 'file', { type: blob.type })]);
    } catch (error) {
      toastError(error);
    }
  };

  useComposerKey((event) => {
    if (replies.length === 0) return false;
    const at = activeRef.current;
    if (event.key === 'ArrowDown') setActive((at + 1) % replies.length, replies);
    else if (event.key === 'ArrowUp') setActive((at - 1 + replies.length) % replies.length, replies);
    else if (event.key === 'Enter' && !event.shiftKey) {
      const chosen = replies[at];
      if (chosen) void pick(chosen);
    } else return false;
    return true;
  });

  if (replies.length === 0) return null;
  return (
    <Menu data-testid="quick-reply-suggestions" aria-label={t('composer.title')}>
      <MenuDivider title={`${t('composer.title')} · ${t('composer.hint')}`} />
      {replies.map((reply, i) => (
        <MenuItem
          key={reply.id}
          icon={reply.mediaPath ? 'paperclip' : 'lightning'}
          text={suggestionLabel(reply)}
          active={i === active}
          onClick={() => void pick(reply)}
          data-testid="quick-reply-suggestion"
          lang={i18n.language}
        />
      ))}
    </Menu>
  );
}
