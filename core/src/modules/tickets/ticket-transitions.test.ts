import { AppError } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import {
  assertOwnQueue,
  classifyTransition,
  type TicketState,
  transitionLogs,
} from './ticket-transitions.js';

const ME = { id: 7, isAdmin: false };
const ADMIN = { id: 1, isAdmin: true };
const pending: TicketState = { status: 'pending', userId: null, queueId: 3 };
const mine: TicketState = { status: 'open', userId: 7, queueId: 3 };
const theirs: TicketState = { status: 'open', userId: 8, queueId: 3 };
const closed: TicketState = { status: 'closed', userId: 7, queueId: 3 };

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? [err.code, err.status] : err;
  }
  return null;
};

describe('the From column of the ticket table', () => {
  it('names each row from the ticket and the request', () => {
    expect(classifyTransition(pending, { status: 'open', userId: 7 }, ME)).toBe('accept');
    expect(classifyTransition(pending, { status: 'open', userId: 9 }, ME)).toBe('transferToUser');
    expect(classifyTransition(pending, { status: 'open', userId: 7, isTransfered: true }, ME)).toBe(
      'transferToUser',
    );
    expect(classifyTransition(pending, { status: 'closed' }, ME)).toBe('ignore');
    expect(classifyTransition(pending, { status: 'pending', queueId: 4 }, ME)).toBe('transferToQueue');
    expect(classifyTransition(mine, { status: 'closed' }, ME)).toBe('close');
    expect(classifyTransition(mine, { status: 'pending', userId: null }, ME)).toBe('returnToQueue');
    expect(classifyTransition(mine, { status: 'pending', queueId: 4 }, ME)).toBe('transferToQueue');
    expect(classifyTransition(mine, { status: 'open', userId: 9 }, ME)).toBe('transferToUser');
    expect(classifyTransition({ ...mine, status: 'group' }, { status: 'closed' }, ME)).toBe('close');
    expect(classifyTransition(closed, { status: 'open', userId: 7, queueId: 3 }, ME)).toBe('reopen');
    expect(classifyTransition(mine, { useIntegration: true }, ME)).toBe('edit');
  });

  it('closes at once a ticket waiting for its rating, and nothing else moves it', () => {
    const waiting: TicketState = { status: 'nps', userId: 9, queueId: 3 };
    expect(classifyTransition(waiting, { status: 'closed' }, ME)).toBe('close');
    expect(codeOf(() => classifyTransition(waiting, { status: 'open', userId: 7 }, ME))).toEqual([
      'ERR_INVALID_TICKET_TRANSITION',
      409,
    ]);
    expect(codeOf(() => classifyTransition(waiting, { status: 'pending' }, ME))).toEqual([
      'ERR_INVALID_TICKET_TRANSITION',
      409,
    ]);
  });

  it('refuses what the table does not start from the ticket status, naming both ends', () => {
    expect(codeOf(() => classifyTransition(closed, { status: 'closed' }, ME))).toEqual([
      'ERR_INVALID_TICKET_TRANSITION',
      409,
    ]);
    expect(codeOf(() => classifyTransition(closed, { status: 'pending' }, ME))).toEqual([
      'ERR_INVALID_TICKET_TRANSITION',
      409,
    ]);
    expect(codeOf(() => classifyTransition({ ...pending, status: 'lgpd' }, { status: 'open' }, ME))).toEqual([
      'ERR_INVALID_TICKET_TRANSITION',
      409,
    ]);
    const refused = (() => {
      try {
        return classifyTransition(closed, { status: 'closed' }, ME);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toMatchObject({ details: { from: 'closed', to: 'closed' } });
  });

  it('an accept that came second answers the ticket as it is, whoever has it', () => {
    expect(classifyTransition(theirs, { status: 'open', userId: 7 }, ME)).toBe('alreadyTaken');
    expect(classifyTransition(theirs, { status: 'open' }, ADMIN)).toBe('alreadyTaken');
    expect(classifyTransition(mine, { status: 'open', userId: 7 }, ME)).toBe('alreadyTaken');
  });

  it("taking over another attendant's open ticket is a transfer only an admin may make", () => {
    expect(classifyTransition(theirs, { status: 'open', userId: 1, isTransfered: true }, ADMIN)).toBe(
      'transferToUser',
    );
    expect(
      codeOf(() => classifyTransition(theirs, { status: 'open', userId: 7, isTransfered: true }, ME)),
    ).toEqual(['ERR_NO_PERMISSION', 403]);
    expect(codeOf(() => classifyTransition(theirs, { status: 'closed' }, ME))).toEqual([
      'ERR_NO_PERMISSION',
      403,
    ]);
    expect(classifyTransition(theirs, { status: 'closed' }, ADMIN)).toBe('close');
  });
});

describe('own queues for ordinary users', () => {
  const user = { profile: 'user', queueIds: [3] };
  it('lets a user pick only their queues, or keep the current one; admins pick any', () => {
    expect(() => assertOwnQueue(user, 3)).not.toThrow();
    expect(() => assertOwnQueue(user, null)).not.toThrow();
    expect(() => assertOwnQueue(user, 5, 5)).not.toThrow();
    expect(codeOf(() => assertOwnQueue(user, 4))).toEqual(['ERR_NO_PERMISSION', 403]);
    expect(() => assertOwnQueue({ profile: 'admin', queueIds: [] }, 4)).not.toThrow();
  });
});

describe('the log a transition leaves', () => {
  it('accept, close, return, reopen and transfers', () => {
    expect(transitionLogs('accept', pending, mine, 7)).toEqual([{ type: 'open', userId: 7 }]);
    expect(transitionLogs('close', mine, closed, 7)).toEqual([{ type: 'closed', userId: 7 }]);
    expect(transitionLogs('returnToQueue', mine, pending, 7)).toEqual([{ type: 'pending', userId: 7 }]);
    expect(transitionLogs('reopen', closed, mine, 7)).toEqual([{ type: 'reopen', userId: 7 }]);
    expect(transitionLogs('transferToUser', mine, theirs, 7)).toEqual([
      { type: 'transfered', userId: 7 },
      { type: 'receivedTransfer', userId: 8 },
    ]);
    // A pending ticket handed to someone: the one who handed it on transferred it.
    expect(transitionLogs('transferToUser', pending, theirs, 1)).toEqual([
      { type: 'transfered', userId: 1 },
      { type: 'receivedTransfer', userId: 8 },
    ]);
    expect(transitionLogs('transferToQueue', mine, { ...pending, queueId: 4 }, 7)).toEqual([
      { type: 'queue', userId: 7 },
    ]);
    expect(transitionLogs('edit', mine, mine, 7)).toEqual([]);
  });
});
