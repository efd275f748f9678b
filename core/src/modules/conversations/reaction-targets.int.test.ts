import type { MessageDto } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { ReactionScene } from '../../testing/reaction-scene.js';

/**
 * What a contact's reaction or quoted reply points at (balcao_ingest v7): the channel's id of the target
 * (InboundMessage.quotedExternalId) becomes the message's quoted_msg_id when it is the same contact's message on the
 * same connection; otherwise the message is stored unlinked. And a reaction is never deleted through the message
 * delete route. The channel is the fake WhatsApp (its attendants' messages get the id `fake-out-{messageId}`). Where a
 * reaction lands when the contact has no open ticket: reaction-find-only.int.test.ts.
 */
let scene: ReactionScene;

const ticketRow = async (id: number) =>
  (
    await sql<{ last_message: string; unread_messages: number }>(
      scene.host,
      'select last_message, unread_messages from tickets where id = $1',
      [id],
    )
  )[0]!;

beforeAll(async () => {
  scene = await ReactionScene.start();
});
afterAll(() => scene?.host.stop());

describe('a contact’s reaction points at the message it reacts to', () => {
  it('a reaction to the attendant’s message is stored quoting it, and shown with the quote', async () => {
    const { ticketId, from, reply } = await scene.answeredConversation();
    const reaction = await scene.contactSays({
      from,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${reply.id}`,
    });
    expect(reaction.ticketId).toBe(ticketId);
    expect(await scene.row(reaction.messageId)).toMatchObject({
      quoted_msg_id: String(reply.id),
      body: '👍',
    });
    expect(await scene.shown(ticketId, reaction.messageId)).toMatchObject({
      fromMe: false,
      mediaType: 'reactionMessage',
      body: '👍',
      quotedMsg: { id: reply.id, body: 'Amanhã', fromMe: true, mediaType: 'chat' },
    });
  });

  it('taking it back is stored the same way, empty, and leaves the ticket’s last message and unread count alone', async () => {
    const { ticketId, from, reply } = await scene.answeredConversation();
    const target = `fake-out-${reply.id}`;
    await scene.contactSays({ from, body: '❤️', mediaType: 'reactionMessage', quotedExternalId: target });
    const before = await ticketRow(ticketId);
    expect(before.last_message).toBe('❤️');
    const removed = await scene.contactSays({
      from,
      body: '',
      mediaType: 'reactionMessage',
      quotedExternalId: target,
    });
    expect(await scene.row(removed.messageId)).toMatchObject({ quoted_msg_id: String(reply.id), body: '' });
    expect(await ticketRow(ticketId)).toEqual(before);
  });

  it('a reaction to the contact’s own message, and a quoted reply to it, point at it', async () => {
    const from = scene.number();
    const externalId = `wa-own-${Date.now()}`;
    const first = await scene.contactSays({ externalId, from, body: 'Meu pedido é o 42' });
    const reaction = await scene.contactSays({
      from,
      body: '🙏',
      mediaType: 'reactionMessage',
      quotedExternalId: externalId,
    });
    const reply = await scene.contactSays({ from, body: 'Esse aqui', quotedExternalId: externalId });
    expect((await scene.row(reaction.messageId)).quoted_msg_id).toBe(String(first.messageId));
    expect((await scene.row(reply.messageId)).quoted_msg_id).toBe(String(first.messageId));
    expect((await scene.shown(first.ticketId, reply.messageId))?.quotedMsg).toMatchObject({
      id: first.messageId,
      body: 'Meu pedido é o 42',
      fromMe: false,
    });
  });

  it('a target Balcão does not have leaves the reaction unlinked, still stored in the open ticket', async () => {
    const from = scene.number();
    const { ticketId } = await scene.contactSays({ from, body: 'Oi' });
    const reaction = await scene.contactSays({
      from,
      body: '😮',
      mediaType: 'reactionMessage',
      quotedExternalId: 'wa-never-seen',
    });
    expect(reaction.ticketId).toBe(ticketId);
    expect(await scene.row(reaction.messageId)).toMatchObject({ quoted_msg_id: null, body: '😮' });
  });

  it('another contact’s message, or one on another connection, is not a target', async () => {
    const { reply } = await scene.answeredConversation();
    const strangerNumber = scene.number();
    await scene.contactSays({ from: strangerNumber, body: 'Oi' });
    const stranger = await scene.contactSays({
      from: strangerNumber,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${reply.id}`,
    });
    expect((await scene.row(stranger.messageId)).quoted_msg_id).toBeNull();

    const other = await scene.newConnection({ name: 'Outro' });
    const from = scene.number();
    const externalId = `wa-other-${Date.now()}`;
    await scene.contactSays({ externalId, from, body: 'Oi' });
    await scene.contactSays({ from, body: 'Oi daqui também' }, other);
    const elsewhere = await scene.contactSays(
      { from, body: '👍', mediaType: 'reactionMessage', quotedExternalId: externalId },
      other,
    );
    expect((await scene.row(elsewhere.messageId)).quoted_msg_id).toBeNull();
  });

  it('a reaction right after a burst of messages (group-committed together) finds its target among them', async () => {
    const from = scene.number();
    const stamp = Date.now();
    // The burst goes in together (one or two group commits); the reaction follows it. Sent at the same time as the
    // burst, nothing says the server receives it after its target, so that would prove nothing about the lookup.
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        scene.contactSays({ externalId: `wa-burst-${stamp}-${i}`, from, body: `mensagem ${i}` }),
      ),
    );
    const { messageId } = await scene.contactSays({
      from,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `wa-burst-${stamp}-11`,
    });
    expect((await scene.row(messageId)).quoted_msg_id).toBe(String(stored[11]!.messageId));
  });
});

describe('a reaction is not deleted through the message delete route', () => {
  it('an attendant’s reaction: 400 ERR_REACTION_NOT_DELETABLE, it stays, and WhatsApp is asked to delete nothing', async () => {
    const { ticketId } = await scene.answeredConversation();
    const messages = (await (
      await scene.host.request(`/api/messages/${ticketId}`, { token: scene.admin })
    ).json()) as {
      messages: MessageDto[];
    };
    const theirs = messages.messages.find((m) => !m.fromMe)!;
    const reacted = await scene.host.request(`/api/messages/${theirs.id}/reactions`, {
      token: scene.admin,
      body: { emoji: '👍' },
    });
    expect(reacted.status).toBe(201);
    const reaction = (await reacted.json()) as MessageDto;
    await eventually(async () =>
      (await scene.row(reaction.id)).external_id === `fake-react-${reaction.id}` ? true : undefined,
    );

    const res = await scene.host.request(`/api/messages/${reaction.id}`, {
      method: 'DELETE',
      token: scene.admin,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_REACTION_NOT_DELETABLE' });
    expect((await scene.row(reaction.id)).is_deleted).toBe(false);
    const outbox = await (await scene.host.request(`/test-channel/${scene.connection.token}/outbox`)).json();
    expect((outbox.retracted as { messageId: number }[]).filter((m) => m.messageId === reaction.id)).toEqual(
      [],
    );
    const queued = await sql(
      scene.host,
      `select 1 from message_outbox where message_id = $1 and action = 'retract'`,
      [reaction.id],
    );
    expect(queued).toEqual([]);
  });

  it('a contact’s reaction: the same refusal', async () => {
    const { from, reply } = await scene.answeredConversation();
    const reaction = await scene.contactSays({
      from,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${reply.id}`,
    });
    const res = await scene.host.request(`/api/messages/${reaction.messageId}`, {
      method: 'DELETE',
      token: scene.admin,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_REACTION_NOT_DELETABLE' });
  });
});
