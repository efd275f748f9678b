import type { AnyPluginDefinition, ConnectionDto } from '@balcao/sdk';
import { eventually } from '@balcao/sdk/testing';
import { expect } from 'vitest';
import { ManualClock } from '../kernel/clock.js';
import { sql } from './attendance-fixtures.js';
import { fakeWhatsappPlugin } from './fake-whatsapp-plugin.js';
import { createTestHost, type TestHost } from './test-host.js';

/** The automation's state of a ticket, as the assertions of a scripted conversation read it. */
export interface TicketState {
  status: string;
  queueId: number | null;
  userId: number | null;
  isBot: boolean;
  amountUsedBotQueues: number;
  isOutOfHour: boolean;
  unreadMessages: number;
}

/**
 * A scripted conversation on the fake WhatsApp (testing/fake-whatsapp-plugin.ts) against a real kernel with a manual
 * clock: a contact writes, the bots module's turn runs the automation, and the script reads what the contact heard
 * (the automatic messages of the ticket, which also reached the channel) and the ticket's state.
 */
export interface ConversationScript {
  host: TestHost;
  clock: ManualClock;
  token: string;
  /** The signed-in admin's user id. */
  userId: number;
  companyId: number;
  api<T>(path: string, opts?: { method?: string; body?: unknown }): Promise<T>;
  connection(body: Record<string, unknown>): Promise<ConnectionDto>;
  queue(name: string, orderQueue: number, greetingMessage?: string): Promise<number>;
  setting(key: string, value: string): Promise<void>;
  /** The contact `number` writes `body` on `conn`; answers the ticket id once the automation dealt with it. */
  say(
    conn: ConnectionDto,
    number: string,
    body: string,
    extra?: { isGroup?: boolean; fromMe?: boolean; mediaType?: 'audio' | 'image' | 'video' | 'application' },
  ): Promise<number>;
  /** Everything Balcão sent the ticket's contact, oldest first. */
  heard(ticketId: number): Promise<string[]>;
  /** The same with each message's kind (`chat`, `image` …) and file: what a media message carried as caption. */
  received(ticketId: number): Promise<{ body: string; mediaType: string; mediaUrl: string | null }[]>;
  /** Uploads the connection's greeting media (`POST /api/whatsapp/{id}/media-upload`), as the admin. */
  greetingMedia(
    conn: ConnectionDto,
    file: { name: string; type: string; bytes: Uint8Array },
  ): Promise<ConnectionDto>;
  state(ticketId: number): Promise<TicketState>;
}

let seq = 0;

/** Starts a kernel with the fake WhatsApp (and `plugins`, such as test bot engines) at the clock's `start`. */
export async function startConversationScript(
  start: string,
  plugins: readonly AnyPluginDefinition[] = [],
): Promise<ConversationScript> {
  const clock = new ManualClock(start);
  const host = await createTestHost({ plugins: [fakeWhatsappPlugin, ...plugins], clock });
  const { token, user } = await host.login(host.admin.email, host.admin.password);
  const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await host.request(path, { ...opts, token });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** The automation has dealt with every message the contact sent on the ticket (or an attendant has it: no turn). */
  const settled = (id: number) =>
    eventually(async () => {
      const [row] = await sql<{ done: boolean }>(
        host,
        `select (t.status in ('open', 'group') and t.user_id is not null)
                or coalesce(t.bot_cursor, 0) >= (select coalesce(max(id), 0) from messages
                                                  where ticket_id = t.id and not from_me) as done
           from tickets t where t.id = $1`,
        [id],
      );
      return row?.done ? true : undefined;
    }, 20_000);
  return {
    host,
    clock,
    token,
    userId: user.id,
    companyId: user.companyId,
    api,
    connection: (body) => api<ConnectionDto>('/api/whatsapp', { body: { channel: 'whatsapp', ...body } }),
    async queue(name, orderQueue, greetingMessage) {
      const color = `#${String(100000 + seq++).slice(-6)}`;
      return (await api<{ id: number }>('/api/queue', { body: { name, color, orderQueue, greetingMessage } }))
        .id;
    },
    async setting(key, value) {
      await api(`/api/settings/${key}`, { method: 'PUT', body: { value } });
    },
    async say(conn, number, body, extra = {}) {
      seq += 1;
      const res = await host.request(`/test-channel/${conn.token}/inbound`, {
        body: {
          externalId: `script-${seq}-${Date.now()}`,
          from: { id: number, name: 'Maria Souza' },
          body,
          ...extra,
        },
      });
      expect(res.status).toBe(201);
      const { ticketId } = (await res.json()) as { ticketId: number };
      await settled(ticketId);
      return ticketId;
    },
    async heard(ticketId) {
      const rows = await sql<{ body: string }>(
        host,
        'select body from messages where ticket_id = $1 and from_me and not is_private order by id',
        [ticketId],
      );
      return rows.map((r) => r.body);
    },
    async received(ticketId) {
      const rows = await sql<{ body: string; media_type: string; media_url: string | null }>(
        host,
        'select body, media_type, media_url from messages where ticket_id = $1 and from_me and not is_private order by id',
        [ticketId],
      );
      return rows.map((r) => ({ body: r.body, mediaType: r.media_type, mediaUrl: r.media_url }));
    },
    async greetingMedia(conn, file) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const res = await fetch(`${host.url}/api/whatsapp/${conn.id}/media-upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`greeting media: ${res.status} ${await res.text()}`);
      return (await res.json()) as ConnectionDto;
    },
    async state(ticketId) {
      const [row] = await sql<{
        status: string;
        queue_id: number | null;
        user_id: number | null;
        is_bot: boolean;
        amount_used_bot_queues: number;
        is_out_of_hour: boolean;
        unread_messages: number;
      }>(
        host,
        `select status, queue_id, user_id, is_bot, amount_used_bot_queues, is_out_of_hour, unread_messages
           from tickets where id = $1`,
        [ticketId],
      );
      if (!row) throw new Error(`no ticket ${ticketId}`);
      return {
        status: row.status,
        queueId: row.queue_id,
        userId: row.user_id,
        isBot: row.is_bot,
        amountUsedBotQueues: row.amount_used_bot_queues,
        isOutOfHour: row.is_out_of_hour,
        unreadMessages: row.unread_messages,
      };
    },
  };
}
