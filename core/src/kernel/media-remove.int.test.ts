import { definePlugin, validate } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// MediaPort.remove: a plugin deletes a file it stored (a quick reply's attachment dropped), only ever its company's.
const files = definePlugin({
  name: 'media-remove-test',
  requires: ['media'],
  routes(router) {
    router.post('/media-remove/files', async (ctx) => {
      ctx.body = await ctx.state.deps.media.store({
        data: new TextEncoder().encode('%PDF-1.4 menu'),
        fileName: 'menu.pdf',
        mimeType: 'application/pdf',
      });
    });
    router.delete('/media-remove/files', async (ctx) => {
      const { url } = validate(z.object({ url: z.string() }), ctx.query);
      const removed = await ctx.state.deps.media.remove(url);
      ctx.body = { removed, read: await ctx.state.deps.media.read(url) };
    });
  },
});

let host: TestHost;
let admin: string;
let other: string;

beforeAll(async () => {
  host = await createTestHost({ plugins: [files] });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, admin, { name: 'Outra Mídia', flags: {} });
  other = (await host.login(t.email, t.password)).token;
});
afterAll(() => host?.stop());

const store = async (token: string) => {
  const res = await host.request('/api/media-remove/files', { token, method: 'POST' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
};
const remove = (token: string, url: string) =>
  host.request(`/api/media-remove/files?url=${encodeURIComponent(url)}`, { token, method: 'DELETE' });
const served = async (url: string) => (await fetch(`${host.url}${url}`)).status;

describe('MediaPort.remove', () => {
  it('deletes a stored file of the company: it is no longer read nor served', async () => {
    const url = await store(admin);
    expect(await served(url)).toBe(200);
    const res = await remove(admin, url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: true, read: null });
    expect(await served(url)).toBe(404);
    // Gone already: nothing to do, no error.
    expect(await (await remove(admin, url)).json()).toEqual({ removed: false, read: null });
  });

  it("leaves another company's file, and any URL outside the store, alone", async () => {
    const theirs = await store(other);
    expect(await (await remove(admin, theirs)).json()).toEqual({ removed: false, read: null });
    expect(await served(theirs)).toBe(200);
    for (const url of ['/etc/passwd', '/api/media/company1/../../secret', 'https://example.com/a.pdf']) {
      expect(await (await remove(admin, url)).json()).toEqual({ removed: false, read: null });
    }
  });
});
