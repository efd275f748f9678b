import { randomUUID } from 'node:crypto';
import {
  AppError,
  type ChannelConnection,
  type CorePorts,
  type MessageDto,
  type UploadedFile,
} from '@balcao/sdk';
import type { SendAnswer, SendInput } from '../shared/send.js';
import { externalApiErrors } from './errors.js';
import { hashKey } from './idempotent-sends.js';

type Deps = Pick<CorePorts, 'contacts' | 'messages' | 'media' | 'tickets' | 'users' | 'queues'>;

const fieldError = (path: string, message: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path, message }] });

/** Turns a core refusal the caller should read as "this number cannot be reached" into the API's own code. */
async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'ERR_CONNECTION_CANNOT_REACH') throw externalApiErrors.raise('ERR_UNREACHABLE_NUMBER');
    if (err.code === 'ERR_VALIDATION' && JSON.stringify(err.details).includes('"number"'))
      throw externalApiErrors.raise('ERR_UNREACHABLE_NUMBER');
    if (err.code === 'ERR_MEDIA_TOO_LARGE') throw externalApiErrors.raise('ERR_FILE_TOO_LARGE');
    throw err;
  }
}

/**
 * The send of `POST /api/messages/send`, as the company: the contact is found or created on the connection's channel,
 * each message goes through `sendToContact` (the contact's ticket in progress on the connection, or one opened as the
 * plugin), once per idempotency key; a queue or attendant named moves the ticket there.
 */
export class ExternalSender {
  constructor(private readonly deps: Deps) {}

  async send(
    connection: ChannelConnection,
    input: SendInput,
    files: UploadedFile[],
    clientKey: string | undefined,
  ): Promise<SendAnswer> {
    const { contacts, messages, media } = this.deps;
    if (files.length === 0 && input.body.trim() === '') throw fieldError('body', 'Required');
    const user = input.userId ? await this.deps.users.find(input.userId) : null;
    if (input.userId && !user) throw fieldError('userId', 'Unknown user');
    if (input.queueId && !(await this.deps.queues.find(input.queueId)))
      throw fieldError('queueId', 'Unknown queue');

    const contact = await reaching(() =>
      contacts.findOrCreate({ number: input.number, name: input.number, channel: connection.channel }),
    );
    // The caller's key, made fixed-length and scoped to the connection (two tokens of one company never collide);
    // without one, every call is its own send.
    const key = `api:${connection.id}:${hashKey(clientKey ?? randomUUID())}`;
    const text = input.sendSignature && user ? `*${user.name}:*\n${input.body}` : input.body;
    const sent: MessageDto[] = [];
    if (files.length === 0) {
      sent.push(
        await reaching(() =>
          messages.sendToContact({
            contactId: contact.id,
            connectionId: connection.id,
            body: text,
            idempotencyKey: key,
          }),
        ),
      );
    }
    for (const [i, file] of files.entries()) {
      const data = await file.read();
      const stored = await reaching(() =>
        media.store({ data, fileName: file.fileName, mimeType: file.mimeType }),
      );
      sent.push(
        await reaching(() =>
          messages.sendToContact({
            contactId: contact.id,
            connectionId: connection.id,
            media: { url: stored.url, type: stored.type },
            // Spec part 2 §5: the caption defaults to the file's name; the text goes with the first file.
            body: i === 0 && input.body.trim() ? text : file.fileName,
            idempotencyKey: `${key}:${i}`,
          }),
        ),
      );
    }
    const ticketId = sent[0]?.ticketId ?? 0;
    await this.route(ticketId, input);
    return {
      message: 'Mensagem enviada',
      contactId: contact.id,
      ticketId,
      messages: sent.map((m) => ({
        id: m.id,
        body: m.body,
        mediaType: m.mediaType,
        mediaUrl: m.mediaUrl ?? null,
      })),
    };
  }

  /** A queue or attendant named in the call takes the ticket (GB's userId / queueId); nothing when it is there already. */
  private async route(ticketId: number, input: SendInput) {
    if (!input.queueId && !input.userId) return;
    const ticket = await this.deps.tickets.find(ticketId);
    if (!ticket) return;
    const queueId = input.queueId ?? ticket.queueId;
    const userId = input.userId ?? ticket.userId;
    if (queueId === ticket.queueId && userId === ticket.userId) return;
    await this.deps.tickets.transfer(ticketId, { queueId, userId }, 'plugin');
  }
}
