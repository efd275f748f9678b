import { proto, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import { describe, expect, it, vi } from 'vitest';
import { whatsappChannel } from './channel.js';
import { ANA, connectedChannel as connected } from './testing/connected-channel.js';
import { fakeSockets } from './testing/fake-socket.js';
import { recordingSessionContext } from './testing/memory-session-store.js';

/**
 * Late LID mappings (issue 13, identity): a person who wrote from a LID before the session knew their number is a
 * contact of its own; when the mapping is learnt (Baileys' `lid-mapping.update`, a history batch's `lidPnMappings`, a
 * message with both ids) the adapter asks core to make the two contacts one (ConversationsPort.mergeContact), once.
 */
const LID = '123456789012345';
const LID_JID = `${LID}@lid`;
const { HistorySyncType } = proto.HistorySync;

// The key is set after decoding, as Baileys does: its *Alt fields are not in the protobuf.
const lidMessage = (id: string, key: Partial<WAMessageKey>, at = Math.floor(Date.now() / 1000) - 3600) => {
  const message = proto.WebMessageInfo.fromObject({
    message: { conversation: 'oi' },
    pushName: 'Ana',
    messageTimestamp: at,
  }) as WAMessage;
  message.key = { fromMe: false, id, ...key };
  return message;
};

describe('a LID mapping learnt late', () => {
  it('lid-mapping.update asks core to merge the LID contact into the number’s, once; later messages use the number', async () => {
    const { socket, merges, ingested } = await connected();
    socket.receive(lidMessage('E1', { remoteJid: LID_JID }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]?.from.id).toBe(LID);

    // Baileys gives the number's jid with its device part at times: the contact id is the number alone.
    socket.lidMapping(LID_JID, `${ANA}:12@s.whatsapp.net`);
    await vi.waitFor(() => expect(merges).toHaveLength(1));
    expect(merges[0]).toMatchObject({ alias: LID, id: ANA });

    // Told again (Baileys repeats itself): core is not asked twice in a session.
    socket.lidMapping(LID_JID, `${ANA}@s.whatsapp.net`);
    socket.receive(lidMessage('E2', { remoteJid: LID_JID }));
    await vi.waitFor(() => expect(ingested).toHaveLength(2));
    expect(ingested[1]?.from.id).toBe(ANA);
    expect(merges).toHaveLength(1);
  });

  it('a message carrying both ids merges the LID contact before the message is ingested under the number', async () => {
    const { socket, merges, ingested } = await connected();
    socket.receive(lidMessage('E3', { remoteJid: LID_JID, remoteJidAlt: `${ANA}@s.whatsapp.net` }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(merges).toEqual([{ alias: LID, id: ANA, ingested: 0, imported: 0 }]);
    expect(ingested[0]?.from.id).toBe(ANA);
    // A phone-number jid with its LID as the alternative is the same pair.
    socket.receive(
      lidMessage('E4', { remoteJid: '5511999990002@s.whatsapp.net', remoteJidAlt: '999999999999999@lid' }),
    );
    await vi.waitFor(() => expect(merges).toHaveLength(2));
    expect(merges[1]).toMatchObject({ alias: '999999999999999', id: '5511999990002' });
  });

  it('ignores what is not a LID → number pair: two numbers, two LIDs, a group', async () => {
    const { socket, merges, ingested } = await connected();
    socket.lidMapping(`${ANA}@s.whatsapp.net`, '5511999990002@s.whatsapp.net');
    socket.lidMapping(LID_JID, '999999999999999@lid');
    socket.receive(
      lidMessage('E5', { remoteJid: '120363000000000001@g.us', participant: `${ANA}@s.whatsapp.net` }),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(merges).toEqual([]);
  });

  it('a merge core fails is logged and asked again at the next sighting', async () => {
    const { socket, merges, ctx } = await connected();
    const errors: unknown[] = [];
    ctx.logger.error = (fields) => void errors.push(fields);
    const merge = ctx.conversations.mergeContact;
    let failing = true;
    ctx.conversations.mergeContact = async (c, alias, id) => {
      if (failing) throw new Error('database down');
      return (await merge?.(c, alias, id)) ?? { outcome: 'none' };
    };
    socket.lidMapping(LID_JID, `${ANA}@s.whatsapp.net`);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    failing = false;
    socket.lidMapping(LID_JID, `${ANA}@s.whatsapp.net`);
    await vi.waitFor(() => expect(merges).toEqual([expect.objectContaining({ alias: LID, id: ANA })]));
  });
});

describe('a history batch’s LID mappings', () => {
  it('merge LID contacts before the batch is imported, and its LID messages come in under the number', async () => {
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy: { historyIdleMs: 60_000 } });
    const window = { from: new Date(Date.now() - 30 * 86_400_000), until: null, groups: false };
    const rec = recordingSessionContext(1, undefined, undefined, { window, progress: [], finished: 0 });
    await channel.start?.(rec.ctx);
    const socket = fake.last();
    socket.openAs('5511999990000');
    await vi.waitFor(() => expect(rec.statuses()).toContain('CONNECTED'));
    // One LID the batch maps, one the session's store already knew, one nobody knows.
    socket.lids.set('222222222222222@lid', '5511999990003@s.whatsapp.net');
    socket.historySet({
      chats: [],
      contacts: [],
      messages: [
        lidMessage('H1', { remoteJid: LID_JID }),
        lidMessage('H2', { remoteJid: '222222222222222@lid' }),
        lidMessage('H3', { remoteJid: '333333333333333@lid' }),
      ],
      lidPnMappings: [{ lid: LID_JID, pn: `${ANA}@s.whatsapp.net` }],
      syncType: HistorySyncType.INITIAL_BOOTSTRAP,
      progress: 10,
    });
    await vi.waitFor(() => expect(rec.imported).toHaveLength(3));
    expect(rec.merges).toEqual([{ alias: LID, id: ANA, ingested: 0, imported: 0 }]);
    const from = Object.fromEntries(rec.imported.map((m) => [m.externalId, m.from.id]));
    expect(from).toEqual({ H1: ANA, H2: '5511999990003', H3: '333333333333333' });
    await channel.stop?.(rec.ctx);
  });
});
