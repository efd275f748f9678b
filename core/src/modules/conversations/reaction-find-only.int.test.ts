import type { DomainEvents } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { ReactionScene, type Stored } from '../../testing/reaction-scene.js';

/**
 * A contact's reaction is find-only (balcao_ingest v8, peer spec §1.3 point 5): it never creates or reopens a ticket.
 * Its target in a closed ticket, it is stored there and leaves that ticket as it was; with neither that nor an open
 * ticket it is dropped ('ignored'); with an open ticket it lands there as before (reaction-targets.int.test.ts).
 */
let scene: ReactionScene;
/** The ticket and message events heard, in order. */
const heard: { event: string; ticketId: number; messageId?: number }[] = [];

beforeAll(async () => {
  scene = await ReactionScene.start();
  const bus = scene.host.resolve<EventBus>('events');
  const hear = (event: 'ticket.created' | 'ticket.updated' | 'message.created') =>
    bus.on(event, async (p: DomainEvents[typeof event]) => {
      heard.push({ event, ticketId: p.ticketId, messageId: 'messageId' in p ? p.messageId : undefined });
    });
  for (const event of ['ticket.created', 'ticket.updated', 'message.created'] as const) hear(event);
});
afterAll(() => scene?.host.stop());

describe('a contact’s reaction never opens a ticket (find-only)', () => {
  const react = (from: string, body: string, target: string) =>
    scene.inbound({ from, body, mediaType: 'reactionMessage', quotedExternalId: target });

  it('a reaction to a message of a closed ticket is stored there, shown on it, and leaves the ticket as it was', async () => {
    const { ticketId, from, reply } = await scene.closedConversation();
    const before = await scene.ticketState(ticketId);
    const [held] = await scene.ticketsOf(from);
    const mark = heard.length;
    const reaction = await react(from, '👍', `fake-out-${reply.id}`);
    expect(reaction).toEqual({
      outcome: 'stored',
      ticketId,
      messageId: expect.any(Number),
      ticketCreated: false,
    });
    const { messageId } = reaction as Stored;
    expect(await scene.ticketState(ticketId)).toEqual(before);
    expect(await scene.ticketsOf(from)).toEqual([
      { id: ticketId, status: 'closed', messages: held!.messages + 1 },
    ]);
    // The badge's data: the reaction in the closed ticket's list, quoting its target.
    expect(await scene.shown(ticketId, messageId)).toMatchObject({
      mediaType: 'reactionMessage',
      body: '👍',
      quotedMsg: { id: reply.id },
    });
    // Attendants viewing the closed ticket hear the reaction; nobody hears of a ticket opened or moved.
    await eventually(async () =>
      heard.slice(mark).some((e) => e.messageId === messageId) ? true : undefined,
    );
    expect(heard.slice(mark)).toEqual([{ event: 'message.created', ticketId, messageId }]);

    const removed = await react(from, '', `fake-out-${reply.id}`);
    expect(removed).toMatchObject({ outcome: 'stored', ticketId, ticketCreated: false });
    expect(await scene.ticketState(ticketId)).toMatchObject({
      status: 'closed',
      unread_messages: before.unread_messages,
    });
    expect((await scene.ticketsOf(from)).map((t) => t.id)).toEqual([ticketId]);
  });

  it('within the connection’s reopening window a reaction does not reopen the closed ticket; a message does', async () => {
    const windowed = await scene.newConnection({ name: 'Janela', timeCreateNewTicket: 10 });
    const { ticketId, from, asked } = await scene.closedConversation(windowed);
    const before = await scene.ticketState(ticketId);
    const reaction = await scene.inbound(
      { from, body: '🙏', mediaType: 'reactionMessage', quotedExternalId: asked },
      windowed,
    );
    expect(reaction).toEqual({
      outcome: 'stored',
      ticketId,
      messageId: expect.any(Number),
      ticketCreated: false,
    });
    expect(await scene.ticketState(ticketId)).toEqual(before);
    const unknown = await scene.inbound(
      { from, body: '🙏', mediaType: 'reactionMessage', quotedExternalId: 'wa-never-seen' },
      windowed,
    );
    expect(unknown).toEqual({ outcome: 'ignored' });
    expect(await scene.ticketState(ticketId)).toEqual(before);
    // The window is live: the contact writing reopens the ticket.
    expect(await scene.contactSays({ from, body: 'Mais uma coisa' }, windowed)).toMatchObject({
      ticketId,
      reopenedFrom: { userId: scene.adminId },
    });
  });

  it('with no open ticket, a reaction to a message Balcão does not have is dropped: nothing stored, no ticket', async () => {
    const { from } = await scene.closedConversation();
    const held = await scene.ticketsOf(from);
    const mark = heard.length;
    expect(await react(from, '😮', 'wa-never-seen')).toEqual({ outcome: 'ignored' });
    expect(await react(from, '', 'wa-never-seen')).toEqual({ outcome: 'ignored' });
    expect(await scene.ticketsOf(from)).toEqual(held);
    // A number Balcão has never seen: not even the contact is made.
    const stranger = scene.number();
    expect(await react(stranger, '👍', 'wa-never-seen')).toEqual({ outcome: 'ignored' });
    expect(await sql(scene.host, 'select 1 from contacts where number = $1', [stranger])).toEqual([]);
    expect(heard.slice(mark)).toEqual([]);
  });

  it('a reaction to the closed ticket’s message while the contact has a new one goes to the closed one', async () => {
    const { ticketId, from, reply } = await scene.closedConversation();
    const again = await scene.contactSays({ from, body: 'Outra dúvida' });
    expect(again).toMatchObject({ ticketCreated: true });
    const [closedBefore, openBefore] = [
      await scene.ticketState(ticketId),
      await scene.ticketState(again.ticketId),
    ];
    const reaction = await react(from, '❤️', `fake-out-${reply.id}`);
    expect(reaction).toMatchObject({ outcome: 'stored', ticketId, ticketCreated: false });
    expect(await scene.ticketState(ticketId)).toEqual(closedBefore);
    expect(await scene.ticketState(again.ticketId)).toEqual(openBefore);
  });
});
