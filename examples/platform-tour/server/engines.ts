import type { BotEngine, BotSelection } from '@balcao/sdk';
import type { TourDeps } from './deps.js';

/**
 * Bot engines the admin selects (docs/writing-a-plugin.md "Bot engines the admin selects"). The tour contributes two,
 * registered as `tour:faq` and `tour:greeter` and listed by `GET /api/bot-engines` for the queue, connection and
 * chatbot option dialogs:
 * - `faq` has no `wants`: it never volunteers, and answers only the tickets of a queue, a connection or a chatbot option
 *   the admin selected it for. It reads its settings by the selection (here it only names them) and hands the ticket
 *   to humans when asked;
 * - `greeter` volunteers (`wants`) for contacts whose name begins with "Tour guest", while no queue, connection or
 *   option of the company selects it; it greets and hands the ticket to humans.
 */

/** Where the engine's settings would be read from: the record the admin stored with the selection. */
export function settingsOf(selection: BotSelection): string {
  if (selection.by === 'volunteer') return 'volunteer';
  const record = selection.integrationId ?? selection.promptId;
  return `${selection.by} ${selection.id}${record ? `, settings ${record}` : ''}`;
}

const faq: BotEngine<TourDeps> = {
  name: 'faq',
  label: 'Tour FAQ',
  async handle({ message, ticket, deps, selection }) {
    if (message.body.trim().toLowerCase() === 'humano') return { type: 'handoff' };
    await deps.messages.send({
      ticketId: ticket.id,
      body: `FAQ (${settingsOf(selection)}): ${message.body}`,
    });
    return { type: 'reply-sent' };
  },
};

const greeter: BotEngine<TourDeps> = {
  name: 'greeter',
  label: 'Tour greeter',
  wants: (_ticket, contact) => contact.name.startsWith('Tour guest'),
  async handle({ ticket, contact, deps, selection }) {
    await deps.messages.send({
      ticketId: ticket.id,
      body: `Olá, ${contact.name} (${settingsOf(selection)})`,
    });
    return { type: 'handoff' };
  },
};

/** The tour's engines, in the order they volunteer. */
export const TOUR_ENGINES = [faq, greeter];
