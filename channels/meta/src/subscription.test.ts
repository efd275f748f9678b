import type { ChannelConnection, Logger, SessionStore } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TOKEN_KEY } from './channel.js';
import { GraphClient, SUBSCRIBED_FIELDS } from './graph.js';
import { PageSubscriptions, SUBSCRIBED_KEY } from './subscription.js';
import { type MockGraph, startMockGraph } from './testing/mock-graph.js';

const PAGE = { id: '5150001', name: 'Loja Antiga', accessToken: 'EAAGoldPageToken0001' };
const IG = { id: '5150009', username: 'loja.antiga' };

const connectionOf = (id: number, channel: 'facebook' | 'instagram'): ChannelConnection => ({
  id,
  companyId: 1,
  channel,
  name: channel,
  token: 'T'.repeat(30),
  greetingMessage: null,
  embedOrigins: [],
});

function memoryStore(entries: Record<string, string>): SessionStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => void map.set(k, v),
    delete: async (k) => void map.delete(k),
    list: async () => [...map].map(([key, value]) => ({ key, value })),
    clear: async () => map.clear(),
  };
}

const warnings: string[] = [];
const logger: Logger = {
  debug() {},
  info() {},
  warn: (_o: object, msg?: string) => void warnings.push(msg ?? ''),
  error() {},
  child: () => logger,
};
let graph: MockGraph;
const subscriptions = () =>
  new PageSubscriptions(new GraphClient({ graphUrl: graph.url, graphVersion: 'v9.0' }), logger);
const calls = () => graph.subscriptions.filter((s) => s.pageId === PAGE.id).length;

beforeAll(async () => {
  graph = await startMockGraph();
  graph.users.set('515', { token: 'EAAGoldUserToken0001', pages: [{ ...PAGE, instagram: IG }] });
});
afterAll(() => graph.stop());

describe('pages linked before the echo subscription', () => {
  it('a connection without the mark has its page subscribed once to the current fields; a restart asks nothing', async () => {
    const store = memoryStore({ [PAGE_TOKEN_KEY]: PAGE.accessToken });
    const before = calls();
    const first = subscriptions();
    await first.refresh(connectionOf(1, 'facebook'), store, PAGE.id);
    await first.refresh(connectionOf(1, 'facebook'), store, PAGE.id);
    expect(calls()).toBe(before + 1);
    expect(graph.subscriptions.at(-1)).toEqual({ pageId: PAGE.id, fields: SUBSCRIBED_FIELDS });
    expect(store.map.get(SUBSCRIBED_KEY)).toBe(SUBSCRIBED_FIELDS);
    // Another process (a restart) finds the mark: nothing is asked of Graph.
    await subscriptions().refresh(connectionOf(1, 'facebook'), store, PAGE.id);
    expect(calls()).toBe(before + 1);
  });

  it('a mark of other fields subscribes again; an Instagram connection finds its page through the token', async () => {
    const store = memoryStore({ [PAGE_TOKEN_KEY]: PAGE.accessToken, [SUBSCRIBED_KEY]: 'messages' });
    const before = calls();
    await subscriptions().refresh(connectionOf(2, 'instagram'), store, IG.id);
    expect(calls()).toBe(before + 1);
    expect(store.map.get(SUBSCRIBED_KEY)).toBe(SUBSCRIBED_FIELDS);
  });

  it('a failure is logged, never thrown, and tried again with a later webhook', async () => {
    const store = memoryStore({ [PAGE_TOKEN_KEY]: 'EAAGrevokedToken0001' });
    const s = subscriptions();
    await expect(s.refresh(connectionOf(3, 'facebook'), store, PAGE.id)).resolves.toBeUndefined();
    expect(warnings.at(-1)).toMatch(/not subscribed again/);
    expect(store.map.has(SUBSCRIBED_KEY)).toBe(false);
    store.map.set(PAGE_TOKEN_KEY, PAGE.accessToken);
    const before = calls();
    await s.refresh(connectionOf(3, 'facebook'), store, PAGE.id);
    expect(calls()).toBe(before + 1);
    expect(store.map.get(SUBSCRIBED_KEY)).toBe(SUBSCRIBED_FIELDS);
  });
});
