import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionDto, MessageDto, TicketDto } from '../dto-attendance.js';
import type { Channel } from '../schemas/attendance.js';
import { eventually } from './fixtures.js';
import type { HostClient } from './host-client.js';

/** A message a contact writes at the channel's fake edge. @example { externalId: 'wamid-1', from: '5511…', body: 'Oi' } */
export interface EdgeInbound {
  /** The channel's id for the message: the same id twice is one message (idempotent ingest). */
  externalId: string;
  /** The contact's id at the edge (a phone number, a visitor id). */
  from: string;
  name: string;
  body: string;
}

/** What reached the contact at the edge. @example { body: 'Olá!', mediaType: 'chat', mediaUrl: null } */
export interface EdgeDelivery {
  body: string;
  mediaType?: string;
  mediaUrl?: string | null;
}

/** Where the suite's conversation is, for harnesses that look at Balcão's side (an echo channel). */
export interface EdgeConversation {
  /** The contact's id at the edge. */
  contact: string;
  ticketId: number;
  /** An admin's access token of company 1. */
  token: string;
}

/**
 * A channel's fake edge around a running Balcão that has the channel's plugin, for {@link describeChannelContract}.
 * The caller starts the host (createTestHost of `@balcao/testing`) and a connection; the SDK never starts a kernel.
 * @example { host, kind: 'whatsapp', supports: { media: true, retract: false, readReceipts: false }, send, received, stop: () => host.stop() }
 */
export interface ChannelContractHarness {
  host: HostClient;
  kind: Channel;
  /**
   * What the adapter can do besides sending text; the suite checks each one it claims. `reactions` (the react door)
   * left out: the suite checks that reacting is refused with ERR_CHANNEL_CANNOT_REACT.
   */
  supports: { media: boolean; retract: boolean; readReceipts: boolean; reactions?: boolean };
  /** A contact writes: hand the message to the edge the way the real network would (webhook, socket, post). */
  send(message: EdgeInbound): Promise<void>;
  /** Everything that reached the contact at the edge so far, oldest first. */
  received(conversation: EdgeConversation): Promise<EdgeDelivery[]>;
  /** The ids of Balcão's messages taken back from the contact at the edge (needed with `supports.retract`). */
  retracted?(conversation: EdgeConversation): Promise<number[]>;
  /**
   * The reactions that reached the contact at the edge, oldest first: the emoji and the edge's id of the message it is on
   * (needed with `supports.reactions`).
   */
  reactions?(conversation: EdgeConversation): Promise<{ emoji: string; on: string }[]>;
  /** The contact reads what they got, as the channel reports it (needed with `supports.readReceipts`). */
  read?(conversation: EdgeConversation): Promise<void>;
  /** The contact's number as Balcão stores it, when the channel maps edge ids (web chat hashes them). Default: same. */
  contactNumber?(edgeId: string): string;
  /**
   * For a channel with a remote session (`traits.needsSession`, such as WhatsApp's linked device): the phone scans the
   * QR code of that connection's started session. With it, the suite checks the lifecycle; without it, it checks that
   * the session actions answer ERR_WAPP_NOT_INITIALIZED.
   */
  pair?(connection: ConnectionDto): Promise<void>;
  stop(): Promise<void>;
}

/** A 1×1 transparent PNG: the media the suite sends. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh id that passes every channel's checks: letters and digits, 8+ characters. */
const freshId = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '')}`;
/** A fresh contact: digits, so phone channels keep it as it is. */
const freshContact = () =>
  `5511${Math.floor(Math.random() * 1e9)
    .toString()
    .padStart(9, '0')}`;

/**
 * The channel contract (ARCHITECTURE "The channel contract"): every adapter runs it against its fake edge, in its own
 * test file. It drives Balcão only through its public API and the harness: send answers an ack and the contact gets
 * the message; a deleted message is retracted where the channel can; the same inbound id twice is stored once; media
 * make the round trip where the channel has them; a reaction reaches the contact where the channel has them; acks
 * never go backwards.
 * @example describeChannelContract('web chat', async () => { const host = await createTestHost({ plugins: [webchat] }); return webchatHarness(host) })
 */
export function describeChannelContract(
  name: string,
  makeHarness: () => Promise<ChannelContractHarness>,
): void {
  describe(`channel contract: ${name}`, () => {
    let h: ChannelContractHarness;
    let token: string;
    let userId: number;

    beforeAll(async () => {
      h = await makeHarness();
      const login = await h.host.login(h.host.admin.email, h.host.admin.password);
      token = login.token;
      userId = login.user.id;
    });
    afterAll(() => h?.stop());

    const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
      const res = await h.host.request(path, { ...init, token });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return (res.status === 204 ? undefined : await res.json()) as T;
    };
    const messagesOf = async (ticketId: number) =>
      (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;

    /** A new contact writes; an attendant (the admin) accepts the ticket it opened. */
    async function openConversation(): Promise<EdgeConversation> {
      const contact = freshContact();
      await h.send({ externalId: freshId('in'), from: contact, name: 'Contract', body: 'Oi, tudo bem?' });
      const number = h.contactNumber?.(contact) ?? contact;
      const ticket = await eventually(async () =>
        (await api<{ tickets: TicketDto[] }>('/api/tickets?status=pending&showAll=true')).tickets.find(
          (t) => t.contact.number === number,
        ),
      );
      await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'open', userId } });
      return { contact, ticketId: ticket.id, token };
    }

    const reply = (ticketId: number, body: string) =>
      api<MessageDto>(`/api/messages/${ticketId}`, { body: { body } });

    /** Every ack the suite saw per message, in the order it saw them. */
    const acksSeen = new Map<number, number[]>();

    /** Polls the message until `done` answers true for its ack, recording every ack seen on the way. */
    async function watchAck(ticketId: number, messageId: number, done: (ack: number) => boolean) {
      await eventually(async () => {
        const ack = (await messagesOf(ticketId)).find((m) => m.id === messageId)?.ack;
        if (ack === undefined) return undefined;
        acksSeen.set(messageId, [...(acksSeen.get(messageId) ?? []), ack]);
        return done(ack) ? ack : undefined;
      }, 10_000);
    }

    it('send: the contact gets the attendant’s message and it is stored with an ack of at least 1 (sent)', async () => {
      const c = await openConversation();
      const sent = await reply(c.ticketId, 'Olá! Em que posso ajudar?');
      expect(sent).toMatchObject({ fromMe: true, ticketId: c.ticketId });
      await eventually(async () => (await h.received(c)).find((d) => d.body === 'Olá! Em que posso ajudar?'));
      await watchAck(c.ticketId, sent.id, (ack) => ack >= 1);
      const stored = (await messagesOf(c.ticketId)).filter((m) => m.body === 'Olá! Em que posso ajudar?');
      expect(stored.filter((m) => m.fromMe)).toHaveLength(1);
    });

    it('ingest is idempotent: the same message id from the edge twice is stored once', async () => {
      const c = await openConversation();
      const again = { externalId: freshId('dup'), from: c.contact, name: 'Contract', body: 'Só uma vez' };
      await h.send(again);
      await h.send(again);
      await eventually(async () => (await messagesOf(c.ticketId)).find((m) => m.body === 'Só uma vez'));
      // A later message is stored after both copies were handled: the count below is final.
      await h.send({ ...again, externalId: freshId('after'), body: 'Depois' });
      await eventually(async () => (await messagesOf(c.ticketId)).find((m) => m.body === 'Depois'));
      expect((await messagesOf(c.ticketId)).filter((m) => m.body === 'Só uma vez')).toHaveLength(1);
    });

    it('acks never go backwards, from sent to read', async () => {
      const c = await openConversation();
      const sent = [await reply(c.ticketId, 'Primeira'), await reply(c.ticketId, 'Segunda')];
      for (const m of sent) await watchAck(c.ticketId, m.id, (ack) => ack >= 1);
      await eventually(async () => {
        const bodies = (await h.received(c)).map((d) => d.body);
        return bodies.includes('Primeira') && bodies.includes('Segunda') ? true : undefined;
      });
      if (h.supports.readReceipts) {
        if (!h.read) throw new Error('supports.readReceipts needs harness.read');
        await h.read(c);
        for (const m of sent) await watchAck(c.ticketId, m.id, (ack) => ack === 3);
      }
      // Once delivered (and read), later traffic on the ticket lowers neither ack.
      const third = await reply(c.ticketId, 'Terceira');
      await watchAck(c.ticketId, third.id, (ack) => ack >= 1);
      for (const m of sent) await watchAck(c.ticketId, m.id, () => true);
      for (const m of [...sent, third]) {
        const seen = acksSeen.get(m.id) ?? [];
        expect(seen, `acks of message ${m.id} as seen`).toEqual([...seen].sort((a, b) => a - b));
      }
    });

    it('retract: a message the attendant deletes is taken back from the contact, where the channel can', async () => {
      const c = await openConversation();
      const sent = await reply(c.ticketId, 'Mensagem errada');
      await watchAck(c.ticketId, sent.id, (ack) => ack >= 1);
      await api(`/api/messages/${sent.id}`, { method: 'DELETE' });
      const deleted = await eventually(async () =>
        (await messagesOf(c.ticketId)).find((m) => m.id === sent.id && m.isDeleted),
      );
      expect(deleted.isDeleted).toBe(true);
      if (!h.supports.retract) return; // The contact keeps their copy: nothing more to check.
      if (!h.retracted) throw new Error('supports.retract needs harness.retracted');
      await eventually(async () => ((await h.retracted?.(c)) ?? []).find((id) => id === sent.id));
    });

    it('reactions: an attendant’s reaction reaches the contact on their message, where the channel carries them', async () => {
      const c = await openConversation();
      const externalId = freshId('react');
      await h.send({ externalId, from: c.contact, name: 'Contract', body: 'Reaja a isto' });
      const target = await eventually(async () =>
        (await messagesOf(c.ticketId)).find((m) => m.body === 'Reaja a isto'),
      );
      const res = await h.host.request(`/api/messages/${target.id}/reactions`, {
        token,
        body: { emoji: '👍' },
      });
      if (!h.supports.reactions) {
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: 'ERR_CHANNEL_CANNOT_REACT' });
        return;
      }
      if (!h.reactions) throw new Error('supports.reactions needs harness.reactions');
      expect(res.status).toBe(201);
      const reaction = (await res.json()) as MessageDto;
      expect(reaction).toMatchObject({ mediaType: 'reactionMessage', fromMe: true, body: '👍' });
      await eventually(async () =>
        ((await h.reactions?.(c)) ?? []).find((r) => r.emoji === '👍' && r.on === externalId),
      );
      await watchAck(c.ticketId, reaction.id, (ack) => ack >= 1);
    });

    it('media: an image the attendant sends reaches the contact and its address serves the same bytes', async () => {
      const c = await openConversation();
      const form = new FormData();
      form.append('medias', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'vitrine.png');
      form.append('body', 'Veja a vitrine');
      const res = await fetch(`${h.host.url}/api/messages/${c.ticketId}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(201);
      const [sent] = (await res.json()) as MessageDto[];
      await watchAck(c.ticketId, sent.id, (ack) => ack >= 1);
      if (!h.supports.media) return; // Stored and acked; the channel does not carry files.
      const got = await eventually(async () =>
        (await h.received(c)).find((d) => d.mediaUrl === sent.mediaUrl),
      );
      expect(got.mediaType).toBe('image');
      const served = await fetch(new URL(got.mediaUrl ?? '', h.host.url));
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    });

    /** The connection's status as the connections screen reads it, once `done` holds for it. */
    const statusOf = (id: number, done: (status: string) => boolean) =>
      eventually(async () => {
        const { status } = await api<ConnectionDto>(`/api/whatsapp/${id}`);
        return done(status) ? status : undefined;
      }, 10_000);

    it('lifecycle: a session shows its QR code, connects when paired, resumes on restart, and needs a new QR after logout', async () => {
      const connection = await api<ConnectionDto>('/api/whatsapp', {
        body: { name: `Ciclo ${freshId('')}`.slice(0, 40), channel: h.kind },
      });
      const session = `/api/whatsappsession/${connection.id}`;
      if (!h.pair) {
        // No remote session: the session actions say so instead of pretending.
        const res = await h.host.request(session, { method: 'POST', token });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: 'ERR_WAPP_NOT_INITIALIZED' });
        return;
      }
      // A new connection starts its session at once: nothing stored yet, so it asks to be paired; "try again"
      // starts it afresh, still unpaired.
      await statusOf(connection.id, (s) => s === 'qrcode');
      await api(session, { method: 'POST' });
      await statusOf(connection.id, (s) => s === 'qrcode');
      await h.pair(connection);
      await statusOf(connection.id, (s) => s === 'CONNECTED');
      // A restart resumes from the session store: connected again with nobody scanning.
      await api(session, { method: 'POST' });
      await statusOf(connection.id, (s) => s === 'CONNECTED');
      await api(session, { method: 'DELETE' });
      await statusOf(connection.id, (s) => s === 'DISCONNECTED');
      // Logged out, the store is empty: starting again asks for a new QR code.
      await api(session, { method: 'PUT' });
      await statusOf(connection.id, (s) => s === 'qrcode');
    });
  });
}
