import { type ConnectionDto, DEFAULT_CHANNEL_TRAITS } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import {
  applyConnectionEvent,
  applyImportEvent,
  applySessionEvent,
  channelBlock,
  connectionTabOf,
  failureOf,
  greetingMissing,
  needsNewQr,
  newConnectionEntries,
  originList,
  SEND_QUEUE_DELAYS,
  SHELL_CONNECTION_CHANNELS,
  sendQueueDelayChoices,
  sendQueueDelayMinutes,
  sessionActions,
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
  qrcode: null,
  retries: 0,
  failureReason: null,
  greetingMessage: null,
  greetingMediaAttachment: null,
  greetingMediaName: null,
  lgpdMessage: null,
  lgpdLink: null,
  complationMessage: null,
  outOfHoursMessage: null,
  ratingMessage: null,
  allowGroup: false,
  groupAsTicket: 'disabled',
  expiresTicket: 24,
  timeCreateNewTicket: 0,
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  timeSendQueue: 0,
  sendIdQueue: null,
  whenExpiresTicket: '0',
  expiresTicketNps: 0,
  maxUseBotQueuesNps: 3,
  inactiveMessage: null,
  timeInactiveMessage: 0,
  expiresInactiveMessage: null,
  schedules: null,
  embedOrigins: [],
  queues: [],
  integrationId: null,
  promptId: null,
  botEngine: null,
  importOldMessages: null,
  importRecentMessages: null,
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  statusImportMessages: null,
  importStartedAt: null,
  queueIdImportMessages: null,
  updatedAt: '2026-01-01T10:00:00.000Z',
  capabilities: { importContacts: false, importChats: false, checkAddress: false },
  traits: DEFAULT_CHANNEL_TRAITS,
  notInPlan: false,
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

describe('applySessionEvent', () => {
  const phone = connection(1, 'Celular', { channel: 'whatsapp', status: 'OPENING' });
  const list = [phone, connection(2, 'Site')];
  const frame = (session: Partial<ConnectionDto>) => ({
    action: 'update',
    session: { ...phone, token: null, qrcode: null, retries: 0, ...session },
  });

  it('sets the status, QR code and retries the session reports, keeping the token the list read', () => {
    const next = applySessionEvent(list, frame({ status: 'qrcode', qrcode: '2@abc', retries: 1 }));
    expect(next[0]).toMatchObject({ status: 'qrcode', qrcode: '2@abc', retries: 1, token: 'TOKEN1' });
    expect(next[1]).toBe(list[1]);
  });

  it('clears the QR code and shows the number once CONNECTED', () => {
    const showing = applySessionEvent(list, frame({ status: 'qrcode', qrcode: '2@abc', retries: 1 }));
    const next = applySessionEvent(showing, frame({ status: 'CONNECTED', number: '5511988887777' }));
    expect(next[0]).toMatchObject({ status: 'CONNECTED', qrcode: null, number: '5511988887777', retries: 0 });
  });

  it('ignores frames of unknown connections and frames it does not understand', () => {
    expect(applySessionEvent(list, frame({ id: 9, status: 'CONNECTED' }))).toEqual(list);
    for (const data of [
      null,
      { action: 'update' },
      { action: 'update', session: { id: 1 } },
      { action: 'x' },
    ])
      expect(applySessionEvent(list, data)).toEqual(list);
  });

  it('keeps the QR code a later connection frame (which never carries one) leaves out', () => {
    const showing = applySessionEvent(list, frame({ status: 'qrcode', qrcode: '2@abc', retries: 1 }));
    const renamed = { ...showing[0], name: 'Celular 2', token: null, qrcode: null };
    expect(applyConnectionEvent(showing, { action: 'update', whatsapp: renamed })[0]).toMatchObject({
      name: 'Celular 2',
      qrcode: '2@abc',
    });
  });
});

describe('sessionActions', () => {
  const session = { ...DEFAULT_CHANNEL_TRAITS, needsSession: true };
  const now = Date.parse('2026-06-15T12:00:00Z');
  it('offers per status what spec part 1 §4 lists, for channels with a session', () => {
    expect(sessionActions({ status: 'qrcode', traits: session }, now)).toEqual(['qrcode']);
    expect(sessionActions({ status: 'DISCONNECTED', traits: session }, now)).toEqual(['retry', 'newQr']);
    for (const status of ['CONNECTED', 'PAIRING', 'TIMEOUT'] as const)
      expect(sessionActions({ status, traits: session }, now)).toEqual(['disconnect']);
    expect(sessionActions({ status: 'OPENING', traits: session }, now)).toEqual(['connecting']);
  });

  it('offers nothing for channels without a session (web chat)', () => {
    const webchat = { ...DEFAULT_CHANNEL_TRAITS, needsSession: false };
    expect(sessionActions({ status: 'DISCONNECTED', traits: webchat }, now)).toEqual([]);
  });
});

describe('connectionTabOf', () => {
  it('names the tab where a field is edited, general for the rest', () => {
    expect(connectionTabOf('greetingMessage')).toBe('general');
    expect(connectionTabOf('name')).toBe('general');
    expect(connectionTabOf('complationMessage')).toBe('messages');
    expect(connectionTabOf('sendIdQueue')).toBe('chatbot');
    expect(connectionTabOf('ratingMessage')).toBe('nps');
    expect(connectionTabOf('schedules')).toBe('schedules');
  });
});

describe('history import on the connections screen', () => {
  const session = { ...DEFAULT_CHANNEL_TRAITS, needsSession: true };
  const started = '2026-06-15T12:00:00.000Z';
  const at = (seconds: number) => Date.parse(started) + seconds * 1000;
  const running = {
    status: 'CONNECTED' as const,
    traits: session,
    importOldMessages: '2026-06-01T00:00:00.000Z',
    importStartedAt: started,
    statusImportMessages: 'Running',
  };
  it('an import started under 35 seconds ago shows a "preparing" button, which gives way afterwards', () => {
    expect(sessionActions(running, at(0))).toEqual(['disconnect', 'preparing']);
    expect(sessionActions(running, at(34))).toEqual(['disconnect', 'preparing']);
    expect(sessionActions(running, at(35))).toEqual(['disconnect']);
    expect(sessionActions({ ...running, importStartedAt: null }, at(1))).toEqual(['disconnect']);
    expect(sessionActions({ ...running, importOldMessages: null }, at(1))).toEqual(['disconnect']);
  });

  it('one that left tickets open offers to close them, however recent', () => {
    expect(
      sessionActions(
        { ...running, status: 'DISCONNECTED', statusImportMessages: 'renderButtonCloseTickets' },
        at(1),
      ),
    ).toEqual(['retry', 'newQr', 'closeImported']);
    expect(sessionActions({ ...running, statusImportMessages: null }, at(1))).toEqual(['disconnect']);
  });

  it('follows the progress frames: preparing (-1), counts, then the end', () => {
    let progress = applyImportEvent(new Map(), {
      action: 'update',
      status: { this: -1, all: 0 },
      whatsappId: 3,
    });
    expect(progress.get(3)).toEqual({ done: -1, total: 0 });
    progress = applyImportEvent(progress, {
      action: 'update',
      status: { this: 120, all: 500 },
      whatsappId: 3,
    });
    progress = applyImportEvent(progress, { action: 'update', status: { this: 1, all: 2 }, whatsappId: 4 });
    expect([...progress]).toEqual([
      [3, { done: 120, total: 500 }],
      [4, { done: 1, total: 2 }],
    ]);
    progress = applyImportEvent(progress, { action: 'refresh', whatsappId: 3 });
    expect([...progress.keys()]).toEqual([4]);
    for (const data of [null, { action: 'update', whatsappId: 4 }, { action: 'refresh' }, { action: 'x' }])
      expect(applyImportEvent(progress, data)).toBe(progress);
  });
});

describe('needsNewQr', () => {
  const linked = connection(1, 'Celular', {
    channel: 'whatsapp',
    status: 'CONNECTED',
    traits: { ...DEFAULT_CHANNEL_TRAITS, needsSession: true },
    importOldMessages: '2026-10-01T00:00:00.000Z',
    importRecentMessages: null,
  });
  it('warns when a linked connection changes its import window', () => {
    expect(needsNewQr(linked, { importOldMessages: '2026-09-01', importRecentMessages: '' })).toBe(true);
    expect(needsNewQr(linked, { importOldMessages: '2026-10-01', importRecentMessages: '2026-11-01' })).toBe(
      true,
    );
  });
  it('does not when nothing of the window changed, or nothing is linked', () => {
    expect(needsNewQr(linked, { importOldMessages: '2026-10-01', importRecentMessages: '' })).toBe(false);
    const unlinked = { ...linked, status: 'qrcode' as const };
    expect(needsNewQr(unlinked, { importOldMessages: '2026-09-01', importRecentMessages: '' })).toBe(false);
    const webchat = { ...linked, traits: { ...DEFAULT_CHANNEL_TRAITS, needsSession: false } };
    expect(needsNewQr(webchat, { importOldMessages: '2026-09-01', importRecentMessages: '' })).toBe(false);
  });
});

describe('the send-queue delay (spec part 1 §9)', () => {
  it('offers 0, 5, 10, 15, 20, 25, 30 and 60 minutes; 20 and 25 store 15', () => {
    expect(SEND_QUEUE_DELAYS.map((d) => d.label)).toEqual([0, 5, 10, 15, 20, 25, 30, 60]);
    expect(sendQueueDelayMinutes(20)).toBe(15);
    expect(sendQueueDelayMinutes(25)).toBe(15);
    expect(sendQueueDelayMinutes(30)).toBe(30);
    expect(sendQueueDelayMinutes(0)).toBe(0);
  });

  it('keeps a value the API stored outside the list as a choice of its own', () => {
    expect(sendQueueDelayChoices(15)).toEqual(SEND_QUEUE_DELAYS);
    expect(sendQueueDelayChoices(7).map((d) => d.label)).toEqual([0, 5, 7, 10, 15, 20, 25, 30, 60]);
  });
});

describe('failureOf (issue 24)', () => {
  it('says why while the session is down, and nothing once it works again', () => {
    expect(failureOf(connection(1, 'A', { status: 'TIMEOUT', failureReason: 'no-network' }))).toBe(
      'no-network',
    );
    expect(failureOf(connection(1, 'A', { status: 'DISCONNECTED', failureReason: 'banned' }))).toBe('banned');
    expect(failureOf(connection(1, 'A', { status: 'qrcode', failureReason: 'banned' }))).toBeNull();
    expect(failureOf(connection(1, 'A', { status: 'DISCONNECTED' }))).toBeNull();
    expect(failureOf(null)).toBeNull();
  });
});
