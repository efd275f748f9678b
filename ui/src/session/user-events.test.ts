import type { SessionUserDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { isChangeOfSelf, mergedSession, touchesOwnQueues } from './user-events';

const vendas = { id: 3, name: 'Vendas', color: '#112233' };
const suporte = { id: 4, name: 'Suporte', color: '#445566' };
const session = {
  id: 7,
  name: 'Bruna',
  profile: 'user',
  allTicket: 'disable',
  allowGroup: false,
  queues: [vendas],
  companieSettings: [],
} as unknown as SessionUserDto;

describe('user events about the signed-in user', () => {
  it('reacts to an update of oneself only', () => {
    expect(isChangeOfSelf({ action: 'update', user: { id: 7, name: 'Bruna' } }, 7)).toBe(true);
    expect(isChangeOfSelf({ action: 'update', user: { id: 8 } }, 7)).toBe(false);
    expect(isChangeOfSelf({ action: 'create', user: { id: 7 } }, 7)).toBe(false);
    expect(isChangeOfSelf({ action: 'delete', userId: 7 }, 7)).toBe(false);
    expect(isChangeOfSelf(null, 7)).toBe(false);
  });

  it("reacts to a change of one of one's own queues, not of the others", () => {
    expect(touchesOwnQueues({ action: 'update', queue: { ...vendas, name: 'Vendas B2B' } }, session)).toBe(
      true,
    );
    expect(touchesOwnQueues({ action: 'delete', queueId: 3 }, session)).toBe(true);
    expect(touchesOwnQueues({ action: 'update', queue: suporte }, session)).toBe(false);
    expect(touchesOwnQueues({ action: 'delete', queueId: 4 }, session)).toBe(false);
    expect(touchesOwnQueues({ action: 'update' }, session)).toBe(false);
  });

  it("merges /auth/me's answer: new queues and access flags, nothing when unchanged or another user", () => {
    const me = {
      ...session,
      queues: [vendas, suporte],
      allTicket: 'enable',
      allowGroup: true,
    } as SessionUserDto;
    const next = mergedSession(session, me);
    expect(next?.queues.map((q) => q.id)).toEqual([3, 4]);
    expect(next).toMatchObject({ allTicket: 'enable', allowGroup: true, name: 'Bruna' });
    expect(mergedSession(session, { ...session })).toBeNull();
    expect(mergedSession(session, { ...me, id: 8 })).toBeNull();
    expect(mergedSession(null, me)).toBeNull();
  });
});
