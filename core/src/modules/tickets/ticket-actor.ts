import type { AuthUser } from '@balcao/sdk';
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
