import { describe, expect, it } from 'vitest';
import { createPageI18n } from './page-i18n';
import { sendDraft } from './send-draft';

const answer =
  (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  async () =>
    new Response(JSON.stringify(body), { status, headers });

describe("the visitor page's send", () => {
  it('keeps the text when the web chat says to slow down (429), with the seconds to wait', async () => {
    const draft = { value: 'Olá, ainda estou aqui' };
    const outcome = await sendDraft(
      draft,
      answer(429, { error: 'ERR_TOO_MANY_ATTEMPTS', retryAfter: 7 }, { 'Retry-After': '7' }),
    );
    expect(outcome).toEqual({ kind: 'slowDown', retryAfter: 7 });
    expect(draft.value).toBe('Olá, ainda estou aqui');
  });

  it('keeps the text when the post fails or the network is down', async () => {
    const draft = { value: 'oi' };
    expect(await sendDraft(draft, answer(500))).toEqual({ kind: 'failed' });
    expect(
      await sendDraft(draft, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ kind: 'failed' });
    expect(draft.value).toBe('oi');
  });

  it('empties the box once the message is stored', async () => {
    const draft = { value: 'oi' };
    expect(await sendDraft(draft, answer(201, { outcome: 'stored', messageId: 9 }))).toEqual({
      kind: 'sent',
      messageId: 9,
    });
    expect(draft.value).toBe('');
  });

  it('says "slow down" in every language of the page', () => {
    for (const lang of ['pt-BR', 'en', 'es', 'tr'] as const) {
      const text = createPageI18n(lang).t('page.slowDown', { seconds: 7 });
      expect(text, lang).toContain('7');
      expect(text, lang).not.toBe('page.slowDown');
    }
  });
});
