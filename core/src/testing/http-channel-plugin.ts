import { defineChannel, definePlugin } from '@balcao/sdk';

/**
 * A 'whatsapp' channel whose "servers" are an HTTP endpoint the test runs (a mock vendor API): each send is a POST of
 * `{ key, to, body }` to `serverUrl`, answered `{ id }`. A test that must see a send survive its process (the outbox
 * crash test) needs a recorder outside that process; the in-memory fake WhatsApp cannot be one.
 */
export function httpChannelPlugin(serverUrl: string) {
  const channel = defineChannel({
    kind: 'whatsapp',
    async send(message) {
      const res = await fetch(serverUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: message.idempotencyKey, to: message.to, body: message.body }),
      });
      if (!res.ok) throw new Error(`vendor answered ${res.status}`);
      const { id } = (await res.json()) as { id: string };
      return { ack: 1, externalId: id };
    },
  });
  return definePlugin({ name: 'http-channel', contributes: { channels: [channel] } });
}
