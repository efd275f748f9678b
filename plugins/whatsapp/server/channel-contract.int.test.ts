import { type FakeSocket, fakeSockets, waMessage } from '@balcao/channel-whatsapp/testing';
import type { ConnectionDto, MessageDto } from '@balcao/sdk';
import {
  type ChannelContractHarness,
  createTestHost,
  describeChannelContract,
  type EdgeDelivery,
  eventually,
} from '@balcao/testing';
import { createWhatsappPlugin } from './index.js';

/**
 * The real WhatsApp adapter, in the real plugin, passes the channel contract against a fake Baileys socket: the phone
 * is linked as soon as the session starts, contacts write through `messages.upsert`, what Balcão sends is what the
 * socket's `sendMessage` got, read receipts come through `messages.update`, retracts are deletes for everyone, and
 * reactions are `react` on the message's key.
 * Files reach the adapter through its send context's media store, as in production; a delivered file is told by its
 * bytes, which must be what Balcão serves at the message's mediaUrl.
 */
describeChannelContract(
  'WhatsApp (Baileys adapter, fake socket)',
  async (): Promise<ChannelContractHarness> => {
    // The contract's own connection is linked at once; a later session (the lifecycle check) resumes when its store
    // holds a linked account, and otherwise shows a QR code until `pair` scans it.
    let linkAtOnce = true;
    const fake = fakeSockets((socket) => {
      if (linkAtOnce || socket.config.auth?.creds.me) socket.openAs('5511999990000');
      else socket.showQr(`2@fake-qr-${fake.opened.length}`);
    });
    const host = await createTestHost({
      plugins: [createWhatsappPlugin({ makeSocket: fake.makeSocket })],
    });
    const { token: admin } = await host.login(host.admin.email, host.admin.password);
    const res = await host.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Contrato', channel: 'whatsapp' },
    });
    const connection = (await res.json()) as ConnectionDto;
    await host.request(`/api/whatsappsession/${connection.id}`, { token: admin, method: 'POST' });
    await eventually(async () => {
      const now = (await (
        await host.request(`/api/whatsapp/${connection.id}`, { token: admin })
      ).json()) as ConnectionDto;
      return now.status === 'CONNECTED' ? now : undefined;
    }, 10_000);
    linkAtOnce = false;

    const socket = (): FakeSocket => fake.last();
    const jid = (contact: string) => `${contact}@s.whatsapp.net`;
    const sentTo = (contact: string) =>
      fake.opened.flatMap((s) => s.sent).filter((s) => s.jid === jid(contact));
    /** What Balcão serves at each media URL of the ticket's messages, to tell which one a delivered file is. */
    const servedFiles = async (ticketId: number, token: string) => {
      const { messages } = (await (await host.request(`/api/messages/${ticketId}`, { token })).json()) as {
        messages: MessageDto[];
      };
      const files = new Map<string, Buffer>();
      for (const m of messages.filter((m) => m.mediaUrl)) {
        const res = await host.request(m.mediaUrl ?? '', { token });
        if (res.ok) files.set(m.mediaUrl ?? '', Buffer.from(await res.arrayBuffer()));
      }
      return files;
    };
    const deliveryOf = (content: object, served: Map<string, Buffer>): EdgeDelivery | null => {
      if ('text' in content) return { body: String(content.text), mediaType: 'chat', mediaUrl: null };
      if ('image' in content) {
        const bytes = content.image as Buffer;
        const url = [...served].find(([, data]) => data.equals(bytes))?.[0] ?? null;
        return {
          body: String(('caption' in content && content.caption) || ''),
          mediaType: 'image',
          mediaUrl: url,
        };
      }
      return null;
    };

    return {
      host,
      kind: 'whatsapp',
      supports: { media: true, retract: true, readReceipts: true, reactions: true },
      async send({ externalId, from, name, body }) {
        socket().receive(waMessage.from(from, externalId, { conversation: body }, { pushName: name }));
      },
      async received({ contact, ticketId, token }) {
        const served = await servedFiles(ticketId, token);
        return sentTo(contact)
          .map((s) => deliveryOf(s.content, served))
          .filter((d): d is EdgeDelivery => d !== null);
      },
      async retracted({ contact, ticketId, token }) {
        const sent = sentTo(contact);
        const bodies = sent
          .filter((s) => 'delete' in s.content)
          .map((s) => sent.find((o) => o.key.id === (s.content as { delete: { id: string } }).delete.id))
          .map((o) => (o && 'text' in o.content ? o.content.text : null));
        const { messages } = (await (await host.request(`/api/messages/${ticketId}`, { token })).json()) as {
          messages: MessageDto[];
        };
        return messages.filter((m) => m.fromMe && bodies.includes(m.body)).map((m) => m.id);
      },
      // A reaction is `react` with the key of the message it is on.
      async reactions({ contact }) {
        return sentTo(contact).flatMap((s) =>
          'react' in s.content
            ? [{ emoji: s.content.react.text ?? '', on: s.content.react.key?.id ?? '' }]
            : [],
        );
      },
      async read({ contact }) {
        for (const s of sentTo(contact)) socket().readBy(s.key);
      },
      // The phone scans the QR code the lifecycle's session shows (its socket is the last one opened).
      async pair() {
        socket().openAs('5511988880000');
      },
      stop: () => host.stop(),
    };
  },
);
