/** What became of a visitor's message: stored, refused for going too fast (wait `retryAfter` s), or not sent. */
export type SendOutcome =
  | { kind: 'sent'; messageId?: number }
  | { kind: 'slowDown'; retryAfter: number }
  | { kind: 'failed' };

/**
 * Posts the draft's text; the draft is emptied only once the message is stored, so a refusal (429: the visitor writes
 * faster than the web chat's limits) or a network error never loses what they wrote.
 * @example const outcome = await sendDraft(textarea, (body) => post('messages', { …, body }))
 */
export async function sendDraft(
  draft: { value: string },
  post: (body: string) => Promise<Response>,
): Promise<SendOutcome> {
  const body = draft.value;
  try {
    const res = await post(body);
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after'));
      return { kind: 'slowDown', retryAfter: Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 1 };
    }
    if (!res.ok) return { kind: 'failed' };
    const { messageId } = (await res.json()) as { messageId?: number };
    // Only what was sent goes: text typed while the post was on its way stays in the box.
    if (draft.value.startsWith(body)) draft.value = draft.value.slice(body.length).trimStart();
    return { kind: 'sent', messageId };
  } catch {
    return { kind: 'failed' };
  }
}
