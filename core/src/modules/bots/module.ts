import { asFunction, asValue } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { wireBots } from './bot-dispatch.js';
import { BotEngineRegistry } from './bot-engine-registry.js';
import { botEnginesRoutes } from './bot-engines-routes.js';
import { BotTurns } from './bot-turns.js';
import { InboundStages } from './inbound-stages.js';
import { MigrationBots0002BotTurnsOwed } from './migrations/bots-0002-bot-turns-owed.js';
import { MigrationBots0003EnginesSelection } from './migrations/bots-0003-engines-selection.js';
import { Migration0014TicketBotEngine } from './migrations/core-0014-ticket-bot-engine.js';

/**
 * Bot engines: the registry plugins contribute to, and the dispatch of inbound messages to them. Its columns live on
 * tickets and ticket_logs (core-0014 reads messages too), so it comes after both.
 */
export const botsModule = defineModule({
  name: 'bots',
  dependsOn: ['tickets', 'messages', 'conversations'],
  migrations: [
    { name: 'core-0014-ticket-bot-engine', class: Migration0014TicketBotEngine },
    { name: 'bots-0002-bot-turns-owed', class: MigrationBots0002BotTurnsOwed },
    { name: 'bots-0003-engines-selection', class: MigrationBots0003EnginesSelection },
  ],
  register: (container) =>
    container.register({
      botEngines: asValue(new BotEngineRegistry()),
      inboundStages: asValue(new InboundStages()),
      botTurns: asFunction(({ logger }) => new BotTurns({ logger })).singleton(),
    }),
  routes: botEnginesRoutes,
  // After the plugins' engines are in (the host wires modules once every contribution is registered).
  wire: ({ root, events }) => wireBots(root, events),
});
