import { readFileSync } from 'node:fs';

/** The ids the recorded deliveries in `channels/meta/fixtures` use. */
export const FIXTURE_IDS = {
  page: '106070012345678',
  psid: '5566778899001122',
  instagram: '17841400000000001',
  igsid: '6677889900112233',
} as const;

/**
 * A recorded webhook delivery by file name (without `.json`), as a fresh object whose events happened now (Meta
 * delivers within seconds; a year-old timestamp would put every contact outside the 24-hour reply window).
 */
export function fixture(name: string): {
  object: string;
  entry: { id: string; messaging: Record<string, unknown>[] }[];
} {
  const payload = JSON.parse(readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), 'utf8'));
  for (const entry of payload.entry) for (const event of entry.messaging ?? []) event.timestamp = Date.now();
  return payload;
}

/** The recorded image delivery with its CDN URL replaced (by the mock Graph's, or one that is missing). */
export function imageDelivery(url: string) {
  const payload = fixture('messenger-image');
  const message = payload.entry[0]?.messaging[0]?.message as
    | { attachments?: { payload: { url: string } }[] }
    | undefined;
  const attachment = message?.attachments?.[0];
  if (!attachment) throw new Error('messenger-image fixture without attachment');
  attachment.payload.url = url;
  return payload;
}
