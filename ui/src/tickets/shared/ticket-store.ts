import type {
  ContactDto,
  OtherOpenTicketRef,
  QueueRef,
  SessionUserDto,
  TicketDto,
  TicketStatus,
} from '@balcao/sdk';
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/** Queue filter of the list, remembered per browser (spec: the queue multi-select). */
export const selectedQueueIdsAtom = atomWithStorage<number[]>('selectedQueueIds', [], undefined, {
  getOnInit: true,
});

/** Composer signature toggle, persisted locally (spec part 1 §2). */
export const signMessageAtom = atomWithStorage<boolean>('signOption', true, undefined, { getOnInit: true });

/** The Open tab's sub-tab; accepting a ticket switches it to Assigned, where the ticket now is. */
export const openSubTabAtom = atom<'open' | 'pending' | 'group'>('open');

/** The accept dialog (choose a queue) for this ticket, when open. */
export const acceptDialogAtom = atom<TicketDto | null>(null);
/** The "already open with another user" notice for this ticket, when shown. */
export const otherUserDialogAtom = atom<OtherOpenTicketRef | null>(null);

/** What the new-ticket dialog opens with: a contact already chosen (contacts screen, "talk to"), maybe a connection. */
export interface NewTicketRequest {
  contact: ContactDto | null;
  whatsappId?: number | null;
}
/** The new-ticket dialog, when open (spec part 1 §5 "New ticket"): every way of opening a ticket by hand goes there. */
export const newTicketDialogAtom = atom<NewTicketRequest | null>(null);

/** Queues a user may pick in the accept, new-ticket and transfer dialogs: admins any, others their own. */
export function selectableQueues(user: SessionUserDto, companyQueues: QueueRef[]): QueueRef[] {
  if (user.profile === 'admin') return companyQueues.length ? companyQueues : user.queues;
  return user.queues;
}

/** The Search tab's filter panel: open or not and its choices, kept while the browser tab lives (not stored). */
export interface SearchFilters {
  open: boolean;
  tagIds: number[];
  whatsappIds: number[];
  userIds: number[];
  status: TicketStatus | '';
}
export const EMPTY_SEARCH_FILTERS: SearchFilters = {
  open: false,
  tagIds: [],
  whatsappIds: [],
  userIds: [],
  status: '',
};
export const searchFiltersAtom = atom<SearchFilters>(EMPTY_SEARCH_FILTERS);

/** Spec part 1 §2: audio playback rate cycles 0.5, 1, 1.5, 2 and is stored locally. */
export const AUDIO_RATES = [0.5, 1, 1.5, 2] as const;
export const audioRateAtom = atomWithStorage<number>('audioRate', 1, undefined, { getOnInit: true });
export const nextAudioRate = (rate: number): number =>
  AUDIO_RATES[(AUDIO_RATES.indexOf(rate as (typeof AUDIO_RATES)[number]) + 1) % AUDIO_RATES.length];
