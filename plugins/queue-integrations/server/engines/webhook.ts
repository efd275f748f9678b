import { createHmac } from 'node:crypto';
import type { BotEngine, BotOutcome, BotTurn } from '@balcao/sdk';
import { z } from 'zod';
import { isHttpUrl } from '../../shared/integration.js';
import type { IntegrationDeps } from '../deps.js';
import type { IIntegrationRecord } from '../entities.js';
import { type Reply, recordFor, sendReplies } from './common.js';

// n8n and webhook (peer §2.6, README "n8n and webhook"): each inbound message is POSTed, signed, to `urlN8N`; the
// answer may reply, transfer, close and tag. Without an answer the flow keeps the ticket (it "never ends by itself").

/** Delay between the replies of one answer, as a person would type them. */
const REPLY_DELAY_MS = 500;
const MAX_REPLIES = 10;
const text = z.string().min(1).max(4096);
const id = z.number().int().positive().max(2_147_483_647);

/** The answer a flow may give (README); anything else is a failure, and humans take the ticket. */
export const webhookAnswerSchema = z
  .object({
    replies: z
      .array(
        z.union([
          z.object({ text }),
          z.object({
            mediaUrl: z.string().max(2000).refine(isHttpUrl),
            mediaType: z.enum(['image', 'audio', 'video', 'application']).default('application'),
            caption: z.string().max(1024).optional(),
          }),
        ]),
      )
      .max(MAX_REPLIES)
      .optional(),
    text: text.optional(),
    tagIds: z.array(id).max(20).optional(),
    transfer: z.object({ queueId: id.optional(), userId: id.optional() }).optional(),
    close: z.boolean().optional(),
  })
  .strip();
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

/** What the flow receives for one inbound message (README "Payload"). */
export function webhookPayload(record: IIntegrationRecord, turn: BotTurn<IntegrationDeps>) {
  const { ticket, contact, message } = turn;
  return {
    event: 'message.inbound',
    integration: { id: record.id, name: record.name, type: record.type },
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      queueId: ticket.queueId,
      connectionId: ticket.whatsappId,
      channel: ticket.channel,
    },
    contact: {
      id: contact.id,
      name: contact.name,
      number: contact.number,
      email: contact.email,
      channel: contact.channel,
    },
    message: {
      id: message.id,
      body: message.body,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl,
      createdAt: message.createdAt,
    },
  };
}

/** `sha256=` HMAC of `{timestamp}.{body}` with the record's signing key (README "Checking the signature"). */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function parseAnswer(raw: string): WebhookAnswer {
  if (!raw.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('a resposta não é JSON');
  }
  const parsed = webhookAnswerSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`resposta inválida (${parsed.error.issues[0]?.path.join('.') || 'corpo'})`);
  return parsed.data;
}

async function handle(type: 'n8n' | 'webhook', turn: BotTurn<IntegrationDeps>): Promise<BotOutcome> {
  const { deps, ticket, selection, signal } = turn;
  const record = await recordFor(deps, selection, type);
  const secret = await deps.records.signingSecret(record.id);
  const body = JSON.stringify(webhookPayload(record, turn));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await deps.http.request({
    url: record.urlN8N ?? '',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-balcao-timestamp': timestamp,
      ...(secret ? { 'x-balcao-signature': signature(secret, timestamp, body) } : {}),
    },
    body,
    timeoutMs: deps.limits.requestTimeoutMs,
    retries: 2,
    maxBytes: 256 * 1024,
  });
  if (signal.aborted) return { type: 'continue' };
  if (res.status >= 300) throw new Error(`${record.name} respondeu ${res.status}`);
  const answer = parseAnswer(res.text());
  const replies: Reply[] = [];
  if (answer.text) replies.push({ kind: 'text', body: answer.text });
  for (const r of answer.replies ?? [])
    replies.push(
      'text' in r
        ? { kind: 'text', body: r.text }
        : { kind: 'media', url: r.mediaUrl, type: r.mediaType, caption: r.caption },
    );
  await sendReplies(deps, ticket.id, replies, REPLY_DELAY_MS, signal);
  for (const tagId of answer.tagIds ?? []) await deps.tickets.addTag(ticket.id, tagId);
  if (answer.close) return { type: 'close' };
  if (answer.transfer) return { type: 'handoff', ...answer.transfer };
  return replies.length ? { type: 'reply-sent' } : { type: 'continue' };
}

const engine = (type: 'n8n' | 'webhook', label: string): BotEngine<IntegrationDeps> => ({
  name: type,
  label,
  planFlag: 'useIntegration',
  timeoutMs: 30_000,
  handle: (turn) => handle(type, turn),
});

/** An n8n flow's webhook node answers each message. */
export const n8nEngine = engine('n8n', 'n8n');
/** Any HTTP endpoint answers each message, with n8n's contract. */
export const webhookEngine = engine('webhook', 'Webhook');
