import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient, GraphError, MAX_ACCOUNT_REQUESTS, TooManyPagesError } from './graph.js';
import { type MockGraph, type MockPage, startMockGraph } from './testing/mock-graph.js';

let graph: MockGraph;
beforeAll(async () => {
  graph = await startMockGraph();
});
afterAll(() => graph.stop());

const client = () => new GraphClient({ graphUrl: graph.url, graphVersion: 'v9.0' });
const pagesOf = (user: string, n: number): MockPage[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${user}${i}`,
    name: `P${i}`,
    accessToken: `tok-${user}-${i}`,
  }));

describe('Graph: the pages a user manages', () => {
  it('follows paging.next until the last page: 5 pages in 3 answers of 2 come back whole and in order', async () => {
    graph.users.set('61', { token: 'user-61', pages: pagesOf('61', 5) });
    graph.pageAccountsBy(2);
    const before = graph.accountsRequests.length;
    try {
      const pages = await client().pages('61', 'user-61');
      expect(pages.map((p) => p.id)).toEqual(['610', '611', '612', '613', '614']);
      expect(pages[4]).toMatchObject({ name: 'P4', accessToken: 'tok-61-4', instagram: null });
      expect(graph.accountsRequests.length - before).toBe(3);
    } finally {
      graph.pageAccountsBy(100);
    }
  });

  it(`reads at most ${MAX_ACCOUNT_REQUESTS} answers: one more page is TooManyPagesError, exactly that many is fine`, async () => {
    graph.pageAccountsBy(1);
    try {
      graph.users.set('62', { token: 'user-62', pages: pagesOf('62', MAX_ACCOUNT_REQUESTS) });
      expect(await client().pages('62', 'user-62')).toHaveLength(MAX_ACCOUNT_REQUESTS);
      graph.users.set('63', { token: 'user-63', pages: pagesOf('63', MAX_ACCOUNT_REQUESTS + 1) });
      const before = graph.accountsRequests.length;
      await expect(client().pages('63', 'user-63')).rejects.toBeInstanceOf(TooManyPagesError);
      expect(graph.accountsRequests.length - before).toBe(MAX_ACCOUNT_REQUESTS);
    } finally {
      graph.pageAccountsBy(100);
    }
  });

  it('a paging.next that leaves the configured Graph address is not followed (the user token travels in it)', async () => {
    graph.users.set('64', { token: 'user-64', pages: pagesOf('64', 3) });
    graph.pageAccountsBy(2);
    try {
      // The mock answers on 127.0.0.1; a client configured as "localhost" sees next on another origin.
      const other = new GraphClient({
        graphUrl: graph.url.replace('127.0.0.1', 'localhost'),
        graphVersion: 'v9.0',
      });
      await expect(other.pages('64', 'user-64')).rejects.toBeInstanceOf(GraphError);
    } finally {
      graph.pageAccountsBy(100);
    }
  });
});

describe('Graph: a contact’s profile', () => {
  beforeAll(() => {
    graph.users.set('65', {
      token: 'user-65',
      pages: [{ id: '650', name: 'Loja', accessToken: 'page-650' }],
    });
  });

  it('Messenger: first and last name, and the picture, asked with Messenger’s fields', async () => {
    graph.profiles.set('psid-65', {
      first_name: 'Ana',
      last_name: 'Souza',
      profile_pic: 'https://cdn.example/ana.jpg',
    });
    expect(await client().profile('facebook', 'page-650', 'psid-65')).toEqual({
      name: 'Ana Souza',
      picture: 'https://cdn.example/ana.jpg',
    });
    expect(graph.profileRequests.at(-1)).toEqual({
      id: 'psid-65',
      fields: 'first_name,last_name,profile_pic',
    });
  });

  it('Instagram: the name, or @username when there is none, asked with Instagram’s fields', async () => {
    graph.profiles.set('igsid-65', { name: 'Bruno Lima', username: 'bruno.l' });
    expect(await client().profile('instagram', 'page-650', 'igsid-65')).toEqual({
      name: 'Bruno Lima',
      picture: null,
    });
    expect(graph.profileRequests.at(-1)).toEqual({ id: 'igsid-65', fields: 'name,username,profile_pic' });
    graph.profiles.set('igsid-66', { username: 'carla.m', profile_pic: 'https://cdn.example/c.jpg' });
    expect(await client().profile('instagram', 'page-650', 'igsid-66')).toEqual({
      name: '@carla.m',
      picture: 'https://cdn.example/c.jpg',
    });
  });

  it('a refusal throws GraphError (a contact Graph does not show, a bad token)', async () => {
    await expect(client().profile('facebook', 'page-650', 'unknown')).rejects.toBeInstanceOf(GraphError);
    await expect(client().profile('facebook', 'revoked', 'psid-65')).rejects.toMatchObject({
      invalidToken: true,
    });
  });
});
