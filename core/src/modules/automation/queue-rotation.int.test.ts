import type { ConnectionDto, TicketLogDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * Queue rotation (docs/automation.md "Assignment"): tickets waiting in a queue with ativarRoteador go, in turn, to its
 * available attendants; one whose attendant did not write for tempoRoteador minutes goes to the next. The
 * `automation:queue-rotation` job is run at manual clock times (Monday 23 Nov 2026, from 10:00 in São Paulo).
 */

const JOB = 'automation:queue-rotation';
const MINUTE = 60_000;
let s: ConversationScript;
let seq = 0;

beforeAll(async () => {
  s = await startConversationScript('2026-11-23T13:00:00Z');
  // The menu's own pick would take the tickets before the rotation: off here (queue-entry.int.test.ts has it).
  await s.setting('userRandom', 'disabled');
});
afterAll(() => s?.host.stop());

const run = () => s.host.runJob(JOB, { companyId: s.companyId });

/** A queue with the rotation set, on a connection of its own (one queue: no menu). */
async function rotatingQueue(tempoRoteador: number, ativarRoteador = true) {
  seq += 1;
  const { id } = await s.api<{ id: number }>('/api/queue', {
    body: { name: `Roda ${seq}`, color: `#${String(200000 + seq)}`, ativarRoteador, tempoRoteador },
  });
  const conn = await s.connection({ name: `Roda ${seq}`, queueIds: [id] });
  return { queue: id, conn };
}

/** A profile-user attendant of `queueIds`; signed in (online) unless told otherwise. Answers id and token. */
async function attendant(name: string, queueIds: number[], online = true) {
  seq += 1;
  const email = `rotation-${seq}@assign.test`;
  const { id } = await s.api<{ id: number }>('/api/users', {
    body: { name, email, password: 'agent-pass', profile: 'user', queueIds },
  });
  const token = online ? (await s.host.login(email, 'agent-pass')).token : '';
  return { id, token };
}

const logs = async (id: number) =>
  (await s.api<TicketLogDto[]>(`/api/tickets-log/${id}`)).map((l) => [
    l.type,
    l.user?.id ?? null,
    l.bot ?? null,
  ]);

const said = (conn: ConnectionDto, n: number) =>
  s.say(conn, `55119444400${String(n).padStart(2, '0')}`, 'Oi');

describe('queue rotation', () => {
  it('gives waiting tickets in turn to the online attendants, then moves one whose attendant did not act', async () => {
    const { queue, conn } = await rotatingQueue(5);
    // Listed by name: Ana, Bruno, Carla (signed out: skipped).
    const bruno = await attendant('Bruno', [queue]);
    const ana = await attendant('Ana', [queue]);
    await attendant('Carla', [queue], false);

    const t1 = await said(conn, 1);
    const t2 = await said(conn, 2);
    const t3 = await said(conn, 3);
    expect(await s.state(t1)).toMatchObject({ status: 'pending', queueId: queue, userId: null });
    await run();
    expect(await s.state(t1)).toMatchObject({ status: 'open', queueId: queue, userId: ana.id, isBot: false });
    expect(await s.state(t2)).toMatchObject({ status: 'open', userId: bruno.id });
    expect(await s.state(t3)).toMatchObject({ status: 'open', userId: ana.id });
    expect((await logs(t1)).at(-1)).toEqual(['receivedTransfer', ana.id, 'automation:queue-rotation']);
    // Assigned silently: the contact heard nothing.
    expect(await s.heard(t1)).toEqual([]);
    const [state] = await sql<{ last_user_id: number }>(
      s.host,
      'select last_user_id from automation_queue_rotation where queue_id = $1',
      [queue],
    );
    expect(state?.last_user_id).toBe(ana.id);

    // Ana answers t3; nobody writes in t1 or t2. The contact writing is no act of the attendant.
    const res = await s.host.request(`/api/messages/${t3}`, {
      token: ana.token,
      body: { body: 'Olá! Sou a Ana.' },
    });
    expect(res.status).toBeLessThan(300);
    await said(conn, 1);
    s.clock.advance(4 * MINUTE);
    await run();
    expect((await s.state(t1)).userId).toBe(ana.id);

    s.clock.advance(1 * MINUTE);
    await run();
    // The turn goes on after Ana (served last), never back to the same attendant.
    expect(await s.state(t1)).toMatchObject({ status: 'open', userId: bruno.id });
    expect(await s.state(t2)).toMatchObject({ status: 'open', userId: ana.id });
    expect(await s.state(t3)).toMatchObject({ status: 'open', userId: ana.id });
    expect((await logs(t1)).slice(-2)).toEqual([
      ['transfered', ana.id, 'automation:queue-rotation'],
      ['receivedTransfer', bruno.id, 'automation:queue-rotation'],
    ]);

    // Bruno now has t1 since this minute: not moved again before another five.
    s.clock.advance(4 * MINUTE);
    await run();
    expect((await s.state(t1)).userId).toBe(bruno.id);
  });

  it('leaves alone queues without rotation, a lone attendant’s idle ticket, and tickets an attendant took', async () => {
    const off = await rotatingQueue(5, false);
    const unset = await rotatingQueue(0);
    const alone = await rotatingQueue(2);
    await attendant('Dani', [off.queue, unset.queue]);
    const eva = await attendant('Eva', [alone.queue]);

    const a = await said(off.conn, 11);
    const b = await said(unset.conn, 12);
    const c = await said(alone.conn, 13);
    const d = await said(alone.conn, 14);
    // The admin takes d before the rotation runs: it is theirs, not the automation's.
    await s.api(`/api/tickets/${d}`, { method: 'PUT', body: { status: 'open', userId: s.userId } });
    await run();
    expect(await s.state(a)).toMatchObject({ status: 'pending', userId: null });
    expect(await s.state(b)).toMatchObject({ status: 'pending', userId: null });
    expect(await s.state(c)).toMatchObject({ status: 'open', userId: eva.id });
    s.clock.advance(10 * MINUTE);
    await run();
    expect((await s.state(c)).userId).toBe(eva.id);
    expect((await s.state(d)).userId).toBe(s.userId);
  });

  it('is a durable agenda job, run every minute', async () => {
    const [job] = await sql<{ repeat_interval: string }>(
      s.host,
      'select repeat_interval from agenda_jobs where name = $1',
      [JOB],
    );
    expect(job?.repeat_interval).toBe('1 minute');
  });
});
