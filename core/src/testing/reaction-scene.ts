import type { ConnectionDto, IngestResult, MessageDto } from '@balcao/sdk';
import { eventually } from '@balcao/sdk/testing';
import { expect } from 'vitest';
import { sql } from './attendance-fixtures.js';
import { fakeWhatsappPlugin } from './fake-whatsapp-plugin.js';
import { createTestHost, type TestHost } from './test-host.js';

/** What a contact sends at the fake WhatsApp's edge (sdk InboundMessage, as its test route takes it). */
export interface Said {
  externalId?: string;
  from: string;
  body: string;
  mediaType?: string;
  quotedExternalId?: string;
}

export type Stored = Extract<IngestResult, { outcome: 'stored' }>;

/**
 * Contacts writing, reacting and being answered on the fake WhatsApp (testing/fake-whatsapp-plugin.ts, whose
 * attendants' messages get the id `fake-out-{messageId}`) against a real kernel, and what the database then holds:
 * the ground of the tests of what a contact's reaction points at and where it lands (conversations/reaction-*.int).
 */
export class ReactionScene {
  private seq = 0;

  private constructor(
    readonly host: TestHost,
    /** The signed-in admin's token and user id. */
    readonly admin: string,
    readonly adminId: number,
    /** A WhatsApp connection with the defaults (no reopening window). */
    readonly connection: ConnectionDto,
  ) {}

  static async start(): Promise<ReactionScene> {
    const host = await createTestHost({ plugins: [fakeWhatsappPlugin], env: { OUTBOX_POLL_MS: '50' } });
    const { token, user } = await host.login(host.admin.email, host.admin.password);
    const connection = await newConnection(host, token, { name: 'Alvos' });
    return new ReactionScene(host, token, user.id, connection);
  }

  /** Another WhatsApp connection, e.g. with a reopening window (timeCreateNewTicket, minutes). */
  newConnection(fields: { name: string; timeCreateNewTicket?: number }): Promise<ConnectionDto> {
    return newConnection(this.host, this.admin, fields);
  }

  /** The contact writes (or reacts) on `conn` (the scene's connection by default); what ingest answered. */
  async inbound(said: Said, conn = this.connection): Promise<IngestResult> {
    this.seq += 1;
    const res = await this.host.request(`/test-channel/${conn.token}/inbound`, {
      body: {
        externalId: said.externalId ?? `wa-rt-${this.seq}-${Date.now()}`,
        from: { id: said.from, name: 'Bia' },
        body: said.body,
        mediaType: said.mediaType,
        quotedExternalId: said.quotedExternalId,
      },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as IngestResult;
  }

  /** The same, stored. */
  async contactSays(said: Said, conn = this.connection): Promise<Stored> {
    const result = await this.inbound(said, conn);
    expect(result.outcome).toBe('stored');
    return result as Stored;
  }

  /** A number no contact has yet. */
  number(): string {
    this.seq += 1;
    return `5511977${String(Date.now() + this.seq).slice(-6)}`;
  }

  /**
   * A conversation the admin accepted, and the admin's reply once WhatsApp has it (its external id); `asked` is the
   * contact's first message's WhatsApp id.
   */
  async answeredConversation(
    conn = this.connection,
  ): Promise<{ ticketId: number; from: string; reply: MessageDto; asked: string }> {
    const from = this.number();
    const asked = `wa-asked-${this.seq}-${Date.now()}`;
    const { ticketId } = await this.contactSays({ externalId: asked, from, body: 'Qual o prazo?' }, conn);
    const put = await this.host.request(`/api/tickets/${ticketId}`, {
      method: 'PUT',
      token: this.admin,
      body: { status: 'open', userId: this.adminId },
    });
    expect(put.status).toBe(200);
    const sent = await this.host.request(`/api/messages/${ticketId}`, {
      token: this.admin,
      body: { body: 'Amanhã' },
    });
    expect(sent.status).toBe(201);
    const reply = (await sent.json()) as MessageDto;
    await eventually(async () =>
      (await this.row(reply.id)).external_id === `fake-out-${reply.id}` ? true : undefined,
    );
    return { ticketId, from, reply, asked };
  }

  /** The same conversation, then closed by the admin. */
  async closedConversation(conn = this.connection) {
    const answered = await this.answeredConversation(conn);
    const put = await this.host.request(`/api/tickets/${answered.ticketId}`, {
      method: 'PUT',
      token: this.admin,
      body: { status: 'closed' },
    });
    expect(put.status).toBe(200);
    expect((await this.ticketState(answered.ticketId)).status).toBe('closed');
    return answered;
  }

  async row(id: number) {
    const [row] = await sql<{
      quoted_msg_id: string | null;
      external_id: string | null;
      body: string;
      is_deleted: boolean;
    }>(this.host, 'select quoted_msg_id, external_id, body, is_deleted from messages where id = $1', [id]);
    return row!;
  }

  /** All of a ticket's row a contact's message could change. */
  async ticketState(id: number) {
    const [row] = await sql<{
      status: string;
      user_id: number | null;
      last_message: string;
      unread_messages: number;
      updated_at: Date;
      finished_at: Date | null;
    }>(
      this.host,
      'select status, user_id, last_message, unread_messages, updated_at, finished_at from tickets where id = $1',
      [id],
    );
    return row!;
  }

  /** The contact's tickets (on any connection) and how many messages each holds. */
  ticketsOf(from: string) {
    return sql<{ id: number; status: string; messages: number }>(
      this.host,
      `select t.id, t.status, (select count(*)::int from messages m where m.ticket_id = t.id) as messages
         from tickets t join contacts c on c.id = t.contact_id where c.number = $1 order by t.id`,
      [from],
    );
  }

  /** A message as the admin's conversation screen gets it (GET /api/messages/{ticketId}). */
  async shown(ticketId: number, messageId: number): Promise<MessageDto | undefined> {
    const res = await this.host.request(`/api/messages/${ticketId}`, { token: this.admin });
    const { messages } = (await res.json()) as { messages: MessageDto[] };
    return messages.find((m) => m.id === messageId);
  }
}

async function newConnection(
  host: TestHost,
  token: string,
  fields: { name: string; timeCreateNewTicket?: number },
): Promise<ConnectionDto> {
  const res = await host.request('/api/whatsapp', { token, body: { channel: 'whatsapp', ...fields } });
  expect(res.status).toBe(201);
  return (await res.json()) as ConnectionDto;
}
