import { expect, test } from '@playwright/test';
import { adminToken, browserAdmin, seededWebchat, signedIn, visitorSays } from './attendance';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './chromium';
import { setTheme, shot, USERS } from './helpers';

// Chromium's fake microphone (a test tone): the recorder runs as it would with a real one.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

/** The first MPEG audio frame header of a file (after an ID3 tag, if any): version, layer and bitrate. */
function firstFrame(bytes: Buffer): { mpeg1: boolean; layer3: boolean; kbps: number } {
  let i = bytes.subarray(0, 3).toString('latin1') === 'ID3' ? 10 + (bytes.readUInt32BE(6) & 0x7f7f7f7f) : 0;
  while (i < bytes.length - 3 && !(bytes[i] === 0xff && (bytes[i + 1] & 0xe0) === 0xe0)) i++;
  const b1 = bytes[i + 1];
  const bitrateIndex = bytes[i + 2] >> 4;
  // MPEG-1 Layer III bitrates by index.
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][bitrateIndex] ?? 0;
  return { mpeg1: (b1 & 0x18) === 0x18, layer3: (b1 & 0x06) === 0x02, kbps };
}

test('a voice note recorded in the browser goes out as an MP3 at 128 kbit/s, plays, and shows as a voice message', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const visitor = { id: `voz${Date.now()}`, name: `Marta Voz ${Date.now() % 100_000}` };
  await visitorSays(request, await seededWebchat(request, token), visitor, 'Pode me mandar um áudio?');
  const found = await request.get(
    `/api/tickets?showAll=true&searchParam=${encodeURIComponent(visitor.name)}`,
    { headers: auth },
  );
  const [ticket] = (await found.json()).tickets as { id: number; uuid: string }[];
  const me = await browserAdmin(request);
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: me.id },
  });
  expect(accepted.ok()).toBe(true);

  const { context, page } = await signedIn(browser, USERS.admin, 1400, {
    prepare: (c) => c.grantPermissions(['microphone']),
  });
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByTestId('composer-record').click();
  await expect(page.getByTestId('voice-recorder')).toBeVisible();
  await expect(page.getByTestId('record-timer')).toHaveText('00:02', { timeout: 10_000 });
  await page.getByTestId('record-send').click();

  let mediaUrl = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/messages/${ticket.id}`, { headers: auth });
        const { messages } = (await res.json()) as {
          messages: { mediaType: string; mediaUrl: string | null }[];
        };
        mediaUrl = messages.find((m) => m.mediaType === 'audio')?.mediaUrl ?? '';
        return mediaUrl;
      },
      { timeout: 20_000 },
    )
    .toMatch(/\.mp3$/);
  const file = await request.get(mediaUrl);
  expect(file.headers()['content-type']).toBe('audio/mpeg');
  const bytes = await file.body();
  // Two seconds and more at 128 kbit/s (16,000 bytes a second), past the 10,000-byte rule.
  expect(bytes.length).toBeGreaterThan(30_000);
  expect(firstFrame(bytes)).toEqual({ mpeg1: true, layer3: true, kbps: 128 });
  const player = page.locator(`audio[src$="${mediaUrl.split('/').pop()}"]`);
  await expect(player).toBeAttached();

  // The note has no caption: its bubble is the player alone, never the recorder's file name.
  const bubble = page.locator('.message--me', { has: player });
  await expect(bubble.locator('.message__text')).toHaveCount(0);
  await expect(bubble).not.toContainText(/audio-\d+|\.mp3/);
  // The ticket's row names it in the user's language (pt-BR here), with the microphone icon.
  const last = page.getByTestId(`ticket-row-${ticket.id}`).getByTestId('ticket-row-last');
  await expect(last.getByTestId('last-message-media')).toHaveAttribute('data-media', 'audio');
  await expect(last).toHaveText('Mensagem de voz');
  await expect(last.locator('[data-icon="microphone"]')).toBeVisible();
  await shot(page, 'voice-note-row-light');
  await setTheme(page, 'dark');
  await shot(page, 'voice-note-row-dark');
  await context.close();
});
