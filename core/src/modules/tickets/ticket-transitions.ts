import { AppError, type TicketLogType, type TicketUpdateInput } from '@balcao/sdk';

/** The rows of spec part 1 §4's ticket table a `PUT /api/tickets/{id}` can ask for, plus plain field edits. */
export type TransitionKind =
  | 'accept'
  | 'alreadyTaken'
  | 'ignore'
  | 'close'
  | 'returnToQueue'
  | 'transferToQueue'
  | 'transferToUser'
  | 'reopen'
  | 'edit';

/** What the rules read of a ticket. */
export interface TicketState {
  status: string;
  userId: number | null;
  queueId: number | null;
}

/** The table's From column: the statuses each transition starts from. */
const FROM: Record<Exclude<TransitionKind, 'alreadyTaken' | 'edit'>, readonly string[]> = {
  accept: ['pending'],
  // lgpd: a ticket waiting for the contact's consent is nobody's work yet; closing it is ignoring it.
  // held: a plugin's message waiting for the contact's answer (sendToContact); closing it is ignoring it.
  ignore: ['pending', 'lgpd', 'held'],
  // nps: an attendant may close at once a ticket that waits for its rating (docs/automation.md).
  close: ['open', 'group', 'nps'],
  returnToQueue: ['open', 'group'],
  transferToQueue: ['pending', 'open', 'group'],
  transferToUser: ['pending', 'open', 'group'],
  reopen: ['closed'],
};

const working = (status: string) => status === 'open' || status === 'group';

/**
 * Which row of the table a request is, or the error that refuses it:
 * - an accept (open for oneself, not a transfer) of a ticket already open answers it unchanged: two attendants
 *   clicked Accept and the second sees who has it (spec §4 Accept);
 * - a non-admin may not change an open or group ticket that belongs to another attendant (peer §4.6), so taking one
 *   over (a transfer to oneself) is an admin's move;
 * - a transition whose From column does not hold the ticket's status is ERR_INVALID_TICKET_TRANSITION (409), e.g.
 *   closing a closed ticket (which would log and say farewell twice) or putting a closed ticket back in pending.
 */
export function classifyTransition(
  t: TicketState,
  input: TicketUpdateInput,
  actor: { id: number; isAdmin: boolean },
): TransitionKind {
  const to = input.status;
  const forMe = !input.isTransfered && (input.userId == null || input.userId === actor.id);
  if ((to === 'open' || to === 'group') && working(t.status) && forMe) return 'alreadyTaken';
  if (working(t.status) && !actor.isAdmin && t.userId !== null && t.userId !== actor.id) {
    throw new AppError('ERR_NO_PERMISSION', 403);
  }
  const kind = kindOf(t, input, forMe);
  if (kind !== 'edit' && !FROM[kind].includes(t.status)) {
    throw new AppError('ERR_INVALID_TICKET_TRANSITION', 409, { from: t.status, to });
  }
  return kind;
}

function kindOf(
  t: TicketState,
  input: TicketUpdateInput,
  forMe: boolean,
): Exclude<TransitionKind, 'alreadyTaken'> {
  switch (input.status) {
    case undefined:
      return 'edit';
    case 'closed':
      return ['pending', 'lgpd', 'held'].includes(t.status) ? 'ignore' : 'close';
    case 'pending': {
      const queueChanged = input.queueId !== undefined && input.queueId !== t.queueId;
      return working(t.status) && !queueChanged ? 'returnToQueue' : 'transferToQueue';
    }
    default:
      if (t.status === 'closed') return 'reopen';
      return t.status === 'pending' && forMe ? 'accept' : 'transferToUser';
  }
}

/**
 * Spec §5: ordinary users (profile user) choose only their own queues in the new-ticket and accept dialogs (reopen
 * uses the accept dialog). Keeping the ticket's current queue is always fine; transfers may go anywhere.
 */
export function assertOwnQueue(
  actor: { profile: string; queueIds: readonly number[] },
  queueId: number | null | undefined,
  currentQueueId: number | null = null,
): void {
  if (actor.profile !== 'user' || queueId == null || queueId === currentQueueId) return;
  if (!actor.queueIds.includes(queueId)) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** Spec §5 message for a new ticket without a queue, answered as the queueId field's problem. */
export const SELECT_QUEUE = 'Selecione uma fila';

/**
 * Spec §5 "New ticket": a queue is required unless the user is admin, so an attendant's ticket always sits in a queue
 * someone works (the dialog says it first; this is the same rule for any other caller of `POST /api/tickets`).
 */
export function assertQueueChosen(actor: { profile: string }, queueId: number | null | undefined): void {
  if (actor.profile === 'admin' || queueId != null) return;
  throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'queueId', message: SELECT_QUEUE }] });
}

/** A ticket log entry a transition writes (who it is about; the ticket's queue goes with it). */
export interface LogEntry {
  type: TicketLogType;
  userId: number | null;
  /** The bot engine (`plugin:engine`) behind an entry no user made. */
  bot?: string;
  /** The plugin that acted as the company (TicketsPort with 'plugin'). */
  plugin?: string;
}

/**
 * The log a transition leaves (peer §4.3/§4.7): who accepted, reopened, returned, closed; a transfer between users
 * as transfered (the previous owner, or whoever handed a pending ticket on) and receivedTransfer (the new owner).
 */
export function transitionLogs(
  kind: TransitionKind,
  before: TicketState,
  after: TicketState,
  actorId: number,
): LogEntry[] {
  const queueChanged = before.queueId !== after.queueId;
  switch (kind) {
    case 'accept':
      return [{ type: 'open', userId: after.userId }];
    case 'reopen':
      return [{ type: 'reopen', userId: actorId }];
    case 'close':
    case 'ignore':
      return [{ type: 'closed', userId: actorId }];
    case 'returnToQueue':
      return [{ type: 'pending', userId: actorId }];
    case 'transferToUser':
      if (after.userId !== before.userId) {
        return [
          { type: 'transfered', userId: before.userId ?? actorId },
          { type: 'receivedTransfer', userId: after.userId },
        ];
      }
      return queueChanged ? [{ type: 'queue', userId: actorId }] : [];
    case 'transferToQueue':
    case 'edit':
      return queueChanged ? [{ type: 'queue', userId: actorId }] : [];
    default:
      return [];
  }
}
