import type { BotSelection } from '@balcao/sdk';
import type { IntegrationType } from '../../shared/integration.js';
import type { IntegrationDeps } from '../deps.js';
import type { IIntegrationRecord } from '../entities.js';

/** Per-request time of any call to an outside engine; the engine's own budget (timeoutMs) bounds the whole turn. */
export const EGRESS_TIMEOUT_MS = 8_000;

/**
 * The record the admin stored with the selection (queue, connection or chatbot option), of the engine's type. A
 * missing or mismatched one is an error: core hands the ticket to humans with a note that says so.
 */
export async function recordFor(
  deps: IntegrationDeps,
  selection: BotSelection,
  type: IntegrationType,
): Promise<IIntegrationRecord> {
  if (selection.integrationId == null) throw new Error(`nenhuma integração ${type} foi escolhida`);
  const record = await deps.records.find(selection.integrationId);
  if (!record) throw new Error(`a integração #${selection.integrationId} não existe mais`);
  if (record.type !== type)
    throw new Error(`a integração "${record.name}" é do tipo ${record.type}, não ${type}`);
  return record;
}

/** Waits `ms`, or less when the turn is aborted (timeout): nothing more is sent after that. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A reply to the contact: text, or a file at a URL of the engine (fetched and stored before it is sent). */
export type MediaKind = 'image' | 'audio' | 'video' | 'application';
export type Reply =
  | { kind: 'text'; body: string }
  | { kind: 'media'; url: string; type: MediaKind; caption?: string };

const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** Names the file after the URL's last path part (a fallback by type). */
function fileNameOf(url: string, type: string): string {
  try {
    const last = new URL(url).pathname.split('/').pop();
    if (last && /^[\w.-]{1,100}$/.test(last)) return last;
  } catch {
    // fall through
  }
  return type;
}

/**
 * Sends the replies in order, `delayMs` apart, stopping when the turn is aborted. A file is fetched through the
 * platform's egress and stored in the company's media; one that cannot be fetched goes as its link, so the contact
 * still gets it.
 */
export async function sendReplies(
  deps: IntegrationDeps,
  ticketId: number,
  replies: Reply[],
  delayMs: number,
  signal: AbortSignal,
): Promise<void> {
  for (const [i, reply] of replies.entries()) {
    if (i > 0) await pause(delayMs, signal);
    if (signal.aborted) return;
    if (reply.kind === 'text') {
      if (reply.body.trim()) await deps.messages.send({ ticketId, body: reply.body });
      continue;
    }
    const stored = await fetchMedia(deps, reply.url, reply.type);
    if (signal.aborted) return;
    if (stored) await deps.messages.send({ ticketId, media: stored, body: reply.caption });
    else
      await deps.messages.send({
        ticketId,
        body: reply.caption ? `${reply.caption}\n${reply.url}` : reply.url,
      });
  }
}

async function fetchMedia(
  deps: IntegrationDeps,
  url: string,
  type: MediaKind,
): Promise<{ url: string; type: MediaKind } | null> {
  try {
    const res = await deps.http.request({
      url,
      timeoutMs: deps.limits.requestTimeoutMs,
      maxBytes: MEDIA_MAX_BYTES,
      retries: 0,
    });
    if (res.status !== 200) return null;
    const mimeType = (res.headers['content-type'] ?? '').split(';')[0].trim() || 'application/octet-stream';
    const stored = await deps.media.store({ data: res.body, fileName: fileNameOf(url, type), mimeType });
    return { url: stored.url, type: stored.type };
  } catch (err) {
    deps.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'integration media not fetched',
    );
    return null;
  }
}
