import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import { createFakeChannel, createTestHost, type FakeConnection, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import campaigns from './index.js';
import { apiOf, numberMaker } from './test-helpers.js';

/** A campaign's file (issue 26: "media"): uploaded with the SDK's door, sent with each message, removable. */
let host: TestHost;
let token: string;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
const fake = createFakeChannel();
const numbers = numberMaker(70000000);

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  api = apiOf(host, token);
  line = await fake.connect(host, token);
  await api.call('/api/campaign-settings', 'POST', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] },
  });
});
afterAll(() => host?.stop());

const upload = async (id: number, file?: { data: string; type: string; name: string }) => {
  const form = new FormData();
  if (file) form.set('file', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${host.url}/api/campaigns/${id}/media-upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as CampaignDto & { error?: string } };
};
const removeMedia = (id: number) => api.call<CampaignDto>(`/api/campaigns/${id}/media-upload`, 'DELETE');
const served = async (path: string | null) => (await fetch(`${host.url}${path}`)).status;
const photo = { data: 'JPEG bytes of a photo', type: 'image/jpeg', name: 'promo.jpg' };

/** An unscheduled campaign (INATIVA: its media may change) to `count` new tagged contacts. */
async function draft(name: string, count: number) {
  const tagId = await api.tag(name);
  const to = numbers(count);
  await api.taggedContacts(tagId, to);
  const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name,
    whatsappId: `${line.connection.id}`,
    tagListId: tagId,
    message1: 'Confira a promoção',
  });
  expect(res.status).toBe(201);
  return { campaign: res.body, to, tagId };
}

describe('campaign media', () => {
  it('sends the campaign’s file with each message, as the media store holds it', async () => {
    const { campaign, to, tagId } = await draft('Mídia envio', 2);
    const attached = await upload(campaign.id, photo);
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ mediaName: 'promo.jpg', mediaType: 'image/jpeg' });
    expect(attached.body.mediaPath).toMatch(/^\/api\/media\/company\d+\//);
    const start = await api.call<CampaignDto>(`/api/campaigns/${campaign.id}`, 'PUT', {
      name: campaign.name,
      whatsappId: `${line.connection.id}`,
      tagListId: tagId,
      message1: 'Confira a promoção',
      scheduledAt: new Date().toISOString(),
    });
    expect(start.status).toBe(200);
    await api.status(campaign.id, 'FINALIZADA');
    for (const n of to) {
      const sent = line.sent().filter((m) => m.to === n);
      expect(sent.map((m) => [m.body, m.mediaType, m.mediaUrl])).toEqual([
        ['Confira a promoção', 'image', attached.body.mediaPath],
      ]);
    }
    // Finished: the form is read-only, its file too; deleting the campaign keeps the file its messages show.
    expect((await removeMedia(campaign.id)).body).toMatchObject({
      error: 'campaigns:ERR_CAMPAIGN_NOT_EDITABLE',
    });
    expect((await api.call(`/api/campaigns/${campaign.id}`, 'DELETE')).status).toBe(200);
    expect(await served(attached.body.mediaPath)).toBe(200);
  });

  it('replaces and removes the file of a campaign not sent yet, deleting the stored files it no longer uses', async () => {
    const { campaign } = await draft('Mídia troca', 1);
    const first = (await upload(campaign.id, photo)).body;
    const second = (
      await upload(campaign.id, { data: '%PDF-1.4 tabela', type: 'application/pdf', name: 'tabela.pdf' })
    ).body;
    expect(second).toMatchObject({ mediaName: 'tabela.pdf', mediaType: 'application/pdf' });
    expect(await served(first.mediaPath)).toBe(404);
    const removed = await removeMedia(campaign.id);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaType: null });
    expect(await served(second.mediaPath)).toBe(404);
    // A campaign deleted before it sent anything takes its file with it.
    const third = (await upload(campaign.id, photo)).body;
    expect((await api.call(`/api/campaigns/${campaign.id}`, 'DELETE')).status).toBe(200);
    expect(await served(third.mediaPath)).toBe(404);
  });

  it('refuses a missing file, a type the store refuses and an unknown campaign with their codes', async () => {
    const { campaign } = await draft('Mídia recusas', 1);
    expect(await upload(campaign.id)).toMatchObject({
      status: 400,
      body: { error: 'campaigns:ERR_CAMPAIGN_MEDIA_MISSING' },
    });
    const page = { data: '<script>alert(1)</script>', type: 'text/html', name: 'x.html' };
    expect(await upload(campaign.id, page)).toMatchObject({
      status: 400,
      body: { error: 'ERR_MEDIA_TYPE_NOT_ALLOWED' },
    });
    expect(await upload(2147483647, photo)).toMatchObject({
      status: 404,
      body: { error: 'campaigns:ERR_CAMPAIGN_NOT_FOUND' },
    });
    expect((await api.call<CampaignDto>(`/api/campaigns/${campaign.id}`)).body.mediaPath).toBeNull();
  });
});
