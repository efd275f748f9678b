import { type ConnectionDto, DEFAULT_CHANNEL_TRAITS } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import {
  applyConnectionEvent,
  channelBlock,
  greetingMissing,
  newConnectionEntries,
  originList,
  SHELL_CONNECTION_CHANNELS,
  statusIntent,
} from './connection-rules';

const connection = (id: number, name: string, extra: Partial<ConnectionDto> = {}): ConnectionDto => ({
  id,
  name,
  channel: 'webchat',
  status: 'CONNECTED',
  number: null,
  isDefault: false,
  token: `TOKEN${id}`,
  greetingMessage: null,
  complationMessage: null,
  outOfHoursMessage: null,
  ratingMessage: null,
  allowGroup: false,
  groupAsTicket: 'disabled',
  expiresTicket: 24,
  embedOrigins: [],
  queues: [],
  importOldMessages: null,
  importRecentMessages: null,
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  statusImportMessages: null,
  queueIdImportMessages: null,
  updatedAt: '2026-01-01T10:00:00.000Z',
  capabilities: { importContacts: false, importChats: false },
  traits: DEFAULT_CHANNEL_TRAITS,
  ...extra,
});

// The web chat plugin's UI declares its entry; the other channels are the shell's defaults.
const webchatPlugin = { name: 'webchat', connectionChannels: [{ channel: 'webchat' as const }] };
const entry = (channel: string) =>
  newConnectionEntries([webchatPlugin]).find((e) => e.entry.channel === channel)!.entry;

describe('newConnectionEntries', () => {
  it('lists the plugins’ channels first, then the shell defaults for channels no plugin declares', () => {
    const entries = newConnectionEntries([webchatPlugin]);
    expect(entries.map((e) => [e.entry.channel, e.plugin])).toEqual([
      ['webchat', 'webchat'],
      ['whatsapp', null],
      ['facebook', null],
      ['instagram', null],
    ]);
  });

  it('lets a channel plugin replace a shell default with its own entry, flag and dialog', () => {
    const dialog = () => null;
    const meta = {
      name: 'meta',
      connectionChannels: [{ channel: 'instagram' as const, planFlag: 'useInstagram' as const, dialog }],
    };
    const entries = newConnectionEntries([webchatPlugin, meta]);
    expect(entries.map((e) => e.entry.channel)).toEqual(['webchat', 'instagram', 'whatsapp', 'facebook']);
    expect(entries[1]).toEqual({ plugin: 'meta', entry: meta.connectionChannels[0] });
    expect(entries.filter((e) => e.entry.channel === 'instagram')).toHaveLength(1);
  });

  it('keeps the shell defaults in one place, each with its plan flag', () => {
    expect(SHELL_CONNECTION_CHANNELS.every((c) => c.planFlag)).toBe(true);
    expect(newConnectionEntries([]).map((e) => e.entry.channel)).toEqual([
      'whatsapp',
      'facebook',
      'instagram',
    ]);
  });
});

describe('channelBlock', () => {
  const webchatOnly = new Set(['webchat']);

  it('offers web chat whatever the plan while a plugin contributes it', () => {
    expect(channelBlock(entry('webchat'), {}, webchatOnly)).toBeNull();
    expect(channelBlock(entry('webchat'), {}, new Set())).toBe('unavailable');
  });

  it('blames the plan when it lacks the channel flag, even with the channel installed', () => {
    const all = new Set(['webchat', 'whatsapp', 'facebook', 'instagram']);
    expect(channelBlock(entry('whatsapp'), { useWhatsapp: false }, all)).toBe('plan');
    expect(channelBlock(entry('facebook'), {}, all)).toBe('plan');
    expect(channelBlock(entry('instagram'), { useInstagram: false }, all)).toBe('plan');
  });

  it('says a channel the plan has is unavailable while no plugin contributes it', () => {
    expect(channelBlock(entry('whatsapp'), { useWhatsapp: true }, webchatOnly)).toBe('unavailable');
    expect(channelBlock(entry('facebook'), { useFacebook: true }, webchatOnly)).toBe('unavailable');
    expect(channelBlock(entry('whatsapp'), { useWhatsapp: true }, new Set(['whatsapp']))).toBeNull();
  });
});

describe('greetingMissing', () => {
  it('requires a greeting only with more than one queue', () => {
    expect(greetingMissing([], '')).toBe(false);
    expect(greetingMissing([1], null)).toBe(false);
    expect(greetingMissing([1, 2], null)).toBe(true);
    expect(greetingMissing([1, 2], '   ')).toBe(true);
    expect(greetingMissing([1, 2], 'Olá! Escolha uma fila.')).toBe(false);
  });
});

describe('originList', () => {
  it('reads one site per line (commas and spaces too), and nothing typed as none', () => {
    expect(originList(' https://a.com\n\nhttps://b.com, http://localhost:3000 ')).toEqual([
      'https://a.com',
      'https://b.com',
      'http://localhost:3000',
    ]);
    expect(originList(' \n ')).toBeNull();
  });
});

describe('statusIntent', () => {
  it('colours online green, broken red and waiting amber', () => {
    expect(statusIntent('CONNECTED')).toBe('success');
    expect(statusIntent('DISCONNECTED')).toBe('danger');
    expect(statusIntent('TIMEOUT')).toBe('danger');
    for (const s of ['qrcode', 'PAIRING', 'OPENING'] as const) expect(statusIntent(s)).toBe('warning');
  });
});

describe('applyConnectionEvent', () => {
  const list = [connection(1, 'Alfa', { isDefault: true }), connection(2, 'Gama')];

  it('replaces a connection in place on update', () => {
    const renamed = connection(2, 'Zeta', { status: 'DISCONNECTED' });
    expect(applyConnectionEvent(list, { action: 'update', whatsapp: renamed })).toEqual([list[0], renamed]);
  });

  it('keeps the token the list read when an event (which never carries one) updates the connection', () => {
    const renamed = connection(2, 'Zeta', { token: null });
    const next = applyConnectionEvent(list, { action: 'update', whatsapp: renamed });
    expect(next[1]).toEqual({ ...renamed, token: 'TOKEN2' });
  });

  it('adds a new connection in name order', () => {
    const beta = connection(3, 'Beta');
    const next = applyConnectionEvent(list, { action: 'update', whatsapp: beta });
    expect(next.map((c) => c.name)).toEqual(['Alfa', 'Beta', 'Gama']);
  });

  it('moves the default flag to the connection that became default', () => {
    const next = applyConnectionEvent(list, {
      action: 'update',
      whatsapp: connection(2, 'Gama', { isDefault: true }),
    });
    expect(next.map((c) => c.isDefault)).toEqual([false, true]);
  });

  it('drops a deleted connection', () => {
    expect(applyConnectionEvent(list, { action: 'delete', whatsappId: 1 })).toEqual([list[1]]);
  });

  it('ignores frames it does not understand', () => {
    for (const data of [
      null,
      'x',
      { action: 'update' },
      { action: 'delete', whatsappId: '1' },
      { action: 'x' },
    ]) {
      expect(applyConnectionEvent(list, data)).toEqual(list);
    }
  });
});
