import { describe, expect, it } from 'vitest';
import { chooseConnection, directQueue, preselectedConnection } from './new-ticket-rules';

// Listed as GET /whatsapp answers them: by name.
const loja = { id: 3, channel: 'whatsapp', isDefault: false } as const;
const site = { id: 1, channel: 'webchat', isDefault: false } as const;
const vendas = { id: 2, channel: 'whatsapp', isDefault: true } as const;
const all = [loja, site, vendas];

describe('the connection a new ticket starts on', () => {
  it("is the user's own connection when they have one", () => {
    expect(preselectedConnection(all, 1)).toBe(1);
    expect(preselectedConnection(all, 3)).toBe(3);
  });

  it("falls back to the company's default connection before the first by name", () => {
    expect(preselectedConnection(all, null)).toBe(2);
    expect(preselectedConnection(all, undefined)).toBe(2);
    // A connection of the user's that is gone (deleted) counts as none.
    expect(preselectedConnection(all, 99)).toBe(2);
  });

  it('is the first by name when none is the default', () => {
    expect(preselectedConnection([loja, site], null)).toBe(3);
  });

  it("keeps to the contact's channel: the user's there, else the default there, else the first there", () => {
    expect(preselectedConnection(all, 1, 'whatsapp')).toBe(2);
    expect(preselectedConnection(all, 3, 'whatsapp')).toBe(3);
    expect(preselectedConnection(all, 2, 'webchat')).toBe(1);
    expect(preselectedConnection([loja, site], null, 'whatsapp')).toBe(3);
  });

  it('ignores a channel no connection has, and answers null without connections', () => {
    expect(preselectedConnection(all, null, 'instagram')).toBe(2);
    expect(preselectedConnection([], 1, 'whatsapp')).toBeNull();
  });
});

describe('the queue of a ticket opened without the dialog ("talk to")', () => {
  const q = (id: number) => ({ id });
  it('is none for an admin, whatever their queues', () => {
    expect(directQueue({ profile: 'admin', queues: [] })).toEqual({ queueId: null });
    expect(directQueue({ profile: 'admin', queues: [q(1), q(2)] })).toEqual({ queueId: null });
  });
  it("is an attendant's only queue", () => {
    expect(directQueue({ profile: 'user', queues: [q(4)] })).toEqual({ queueId: 4 });
  });
  it('asks (the new-ticket dialog) an attendant with several queues or none', () => {
    expect(directQueue({ profile: 'user', queues: [q(1), q(2)] })).toBe('ask');
    expect(directQueue({ profile: 'user', queues: [] })).toBe('ask');
    expect(directQueue({ profile: 'supervisor', queues: [] })).toBe('ask');
  });
});

describe('chooseConnection (talk to)', () => {
  const reaching = [{ id: 4 }, { id: 7 }];
  it('keeps the preferred connection when it reaches the contact', () => {
    expect(chooseConnection(reaching, [7, 4])).toBe(7);
  });
  it('skips a preferred connection that cannot reach them (a web chat for a phone number)', () => {
    expect(chooseConnection(reaching, [2, null, 4])).toBe(4);
    expect(chooseConnection(reaching, [2, undefined])).toBe(4);
  });
  it('answers null when nothing reaches them', () => {
    expect(chooseConnection([], [2])).toBeNull();
  });
});
