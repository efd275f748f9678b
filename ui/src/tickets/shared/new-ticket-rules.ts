import type { ConnectionDto } from '@balcao/sdk';

/**
 * The connection a new ticket starts on (the dialog's preselection): among the connections of the contact's channel
 * when there are any (a web chat visitor is not reached on WhatsApp), the user's own connection, else the company's
 * default one (where the server puts a ticket without one), else the first by name. Null when there is none.
 * @example preselectedConnection(connections, user.whatsappId, contact?.channel)
 */
export function preselectedConnection(
  connections: readonly Pick<ConnectionDto, 'id' | 'channel' | 'isDefault'>[],
  userWhatsappId: number | null | undefined,
  channel?: string | null,
): number | null {
  const sameChannel = channel ? connections.filter((c) => c.channel === channel) : [];
  const pool = sameChannel.length ? sameChannel : connections;
  return (
    pool.find((c) => c.id === userWhatsappId)?.id ?? pool.find((c) => c.isDefault)?.id ?? pool[0]?.id ?? null
  );
}

/**
 * A ticket opened straight away ("talk to" a sender or a card) takes the queue the dialog would preselect: none for
 * an admin (who needs none), the only queue of an attendant with one. Any other attendant must choose one (spec §5
 * 'Selecione uma fila'), so the new-ticket dialog asks: 'ask'.
 * @example const q = directQueue(user); if (q === 'ask') showDialog(); else open(q.queueId);
 */
export function directQueue(user: {
  profile: string;
  queues: readonly { id: number }[];
}): { queueId: number | null } | 'ask' {
  if (user.profile === 'admin') return { queueId: null };
  return user.queues.length === 1 ? { queueId: user.queues[0].id } : 'ask';
}

/**
 * The connection a new conversation goes on: the first of `preferred` among those that reach the contact, else the
 * first that reaches them; null when none does (the server then answers why).
 */
export function chooseConnection(
  reaching: readonly { id: number }[],
  preferred: readonly (number | null | undefined)[],
): number | null {
  const ids = new Set(reaching.map((c) => c.id));
  return preferred.find((id): id is number => id != null && ids.has(id)) ?? reaching[0]?.id ?? null;
}
