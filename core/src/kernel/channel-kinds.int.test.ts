import { defineChannel, definePlugin } from '@balcao/sdk';
import { createFakeChannel, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Channel kinds come from the loaded channel plugins (issue 25, item 9): a plugin declaring a kind no SDK list names
 * gets connections, contacts and tickets of that kind; a kind nobody declares is refused; a malformed kind disables
 * its plugin.
 */
const carrierPigeon = createFakeChannel({
  kind: 'carrier-pigeon',
  name: 'pigeon',
  traits: { reaches: 'same-channel' },
});
const badKind = definePlugin({
  name: 'bad-kind',
  contributes: { channels: [defineChannel({ kind: 'Not A Kind', send: async () => ({ ack: 1 }) })] },
});

let host: TestHost;
let token: string;

beforeAll(async () => {
  host = await createTestHost({ plugins: [carrierPigeon.plugin, badKind] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

describe('channel kinds declared by channel plugins', () => {
  it('a kind only its plugin declares gets connections, contacts and tickets, and is listed with its traits', async () => {
    const line = await carrierPigeon.connect(host, token);
    expect(line.connection).toMatchObject({ channel: 'carrier-pigeon', status: 'CONNECTED' });
    const inbound = await line.receive({ from: '5511977770001', body: 'Cru cru' });
    expect(inbound.outcome).toBe('stored');
    const contacts = await (await host.request('/api/contacts?channel=carrier-pigeon', { token })).json();
    expect(contacts.contacts.map((c: { channel: string }) => c.channel)).toEqual(['carrier-pigeon']);
    const plugins = await (await host.request('/api/plugins', { token })).json();
    expect(plugins.find((p: { name: string }) => p.name === 'pigeon')).toMatchObject({
      channels: ['carrier-pigeon'],
      channelTraits: [
        { kind: 'carrier-pigeon', traits: expect.objectContaining({ reaches: 'same-channel' }) },
      ],
    });
  });

  it("stores a contact's number as digits when its channel declares phone addresses (traits, not a list of names)", async () => {
    const res = await host.request('/api/contacts', {
      token,
      body: { name: 'Bia', number: '+55 (11) 97777-0003', channel: 'carrier-pigeon' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ number: '5511977770003', channel: 'carrier-pigeon' });
  });

  it('refuses a connection or contact of a kind no loaded channel declares, or of a malformed one, with 400', async () => {
    for (const channel of ['telegram', 'Not A Kind', 'x'.repeat(40)]) {
      const res = await host.request('/api/whatsapp', {
        token,
        body: { name: `Fone ${channel.length}`, channel },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'ERR_VALIDATION',
        fields: [{ path: 'channel', message: 'Invalid option' }],
      });
    }
    // A NUL is refused before any route (the hostile-input guard), naming the field too.
    const nul = await host.request('/api/whatsapp', {
      token,
      body: { name: 'Fone NUL', channel: 'a\u0000b' },
    });
    expect(nul.status).toBe(400);
    expect((await nul.json()).fields).toEqual([{ path: 'channel', message: 'Invalid character' }]);
    const contact = await host.request('/api/contacts', {
      token,
      body: { name: 'Ana', number: '5511977770002', channel: 'telegram' },
    });
    expect(contact.status).toBe(400);
    expect((await contact.json()).fields).toEqual([{ path: 'channel', message: 'Invalid option' }]);
  });

  it('disables a plugin whose channel kind is malformed; the platform starts', async () => {
    const health = await (await host.request('/api/health')).json();
    expect(health.plugins.failed).toEqual(['bad-kind']);
    expect(health.plugins.loaded).toEqual(['pigeon']);
  });
});
