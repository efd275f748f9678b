import { randomUUID } from 'node:crypto';
import type { ConnectionDto, MessageDto, TicketDto } from '@balcao/sdk';
import { eventually, type TestHost } from '@balcao/testing';

/** The admin's API client for one test host. */
export function apiOf(host: TestHost, token: string) {
  return async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await host.request(path, { ...opts, token });
    if (res.status >= 300)
      throw new Error(`${opts.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

/**
 * One web chat visitor of `connection`, writing through the public route as a browser does, and what they see: the
 * texts Balcão sent them (no private notes) and the ticket's notes for attendants.
 */
export function webchatVisitor(host: TestHost, token: string, connection: ConnectionDto, name: string) {
  const api = apiOf(host, token);
  const visitorId = randomUUID();
  const ticket = async (): Promise<TicketDto | undefined> => {
    const { tickets } = await api<{ tickets: TicketDto[] }>('/api/tickets?showAll=true&status=pending');
    const { tickets: open } = await api<{ tickets: TicketDto[] }>('/api/tickets?showAll=true&status=open');
    const { tickets: closed } = await api<{ tickets: TicketDto[] }>(
      '/api/tickets?showAll=true&status=closed',
    );
    return [...tickets, ...open, ...closed].find((t) => t.whatsappId === connection.id);
  };
  const messages = async (): Promise<MessageDto[]> => {
    const t = await ticket();
    if (!t) return [];
    return (await api<{ messages: MessageDto[] }>(`/api/messages/${t.id}`)).messages;
  };
  return {
    async write(body: string): Promise<void> {
      const res = await host.request(`/api/webchat/${connection.token}/messages`, {
        body: { visitorId, name, body, clientMessageId: randomUUID() },
      });
      if (res.status !== 201) throw new Error(`visitor write: ${res.status} ${await res.text()}`);
    },
    ticket,
    messages,
    /** Waits until Balcão has sent `count` messages to the visitor in all, and answers them. */
    async received(count: number): Promise<MessageDto[]> {
      return eventually(async () => {
        const sent = (await messages()).filter((m) => m.fromMe && !m.isPrivate);
        return sent.length >= count ? sent : undefined;
      }, 15_000);
    },
    async note(): Promise<string> {
      return eventually(async () => (await messages()).find((m) => m.isPrivate)?.body, 15_000);
    },
  };
}
