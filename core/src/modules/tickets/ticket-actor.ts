import { AppError, type AuthUser } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertOwned } from './ticket-lookups.js';
import type { LogEntry } from './ticket-transitions.js';
import type { ViewerAccess } from './visibility.js';

/**
 * Who acts on a ticket: a user of the company, or a plugin acting as the company (`plugin` set: TicketsPort with
 * 'plugin'). A plugin reaches every ticket and queue of its company, as an admin does, but is no user: the log names
 * it, its events carry no user, and a ticket it opens or reopens belongs to nobody unless it names a user.
 */
export type TicketActorUser = AuthUser & { plugin?: string };

/** The id a plugin actor carries where a user's id would be (no user has it). */
export const NO_USER = 0;

/** A plugin acting as the company of `companyId`. @example tickets.update(pluginActor(1, 'campaigns'), id, input) */
export const pluginActor = (companyId: number, plugin: string): TicketActorUser => ({
  id: NO_USER,
  companyId,
  profile: 'admin',
  super: false,
  sessionId: `plugin:${plugin}`,
  plugin,
});

/** What a plugin actor may see: the whole company, numbers unmasked. */
export const PLUGIN_ACCESS: ViewerAccess = {
  userId: NO_USER,
  isAdmin: true,
  allTicket: true,
  allowGroup: true,
  queueIds: [],
  hideNumbers: false,
};

/** A transition's log entries as the actor left them: a plugin's name the plugin and no user in its place. */
export const byActor = (actor: TicketActorUser, entries: LogEntry[]): LogEntry[] =>
  actor.plugin
    ? entries.map((e) => ({ ...e, userId: e.userId === NO_USER ? null : e.userId, plugin: actor.plugin }))
    : entries;

/** The user an event or automatic message names for the actor: none for a plugin. */
export const userOf = (actor: TicketActorUser): number | null => (actor.plugin ? null : actor.id);

/** The owner of a new ticket: nobody while pending; when open the payload's user (admins; a plugin must name one) or the caller. */
export async function ownerOfNew(
  em: EntityManager,
  actor: TicketActorUser,
  input: { userId?: number | null; status: string },
): Promise<number | null> {
  if (input.status === 'pending') {
    if (input.userId == null) return null;
    throw new AppError('ERR_VALIDATION', 400, {
      fields: [{ path: 'userId', message: 'A pending ticket has no user' }],
    });
  }
  if (actor.plugin && input.userId == null)
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'userId', message: 'Required' }] });
  const userId = input.userId ?? actor.id;
  if (userId !== actor.id && actor.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
  await assertOwned(em, 'users', userId, actor.companyId);
  return userId;
}
