import { defineModule } from '../../kernel/module.js';
import { sweepIdleTickets } from './idle-tickets.js';
import { MigrationAutomation0001TicketMenuState } from './migrations/automation-0001-ticket-menu-state.js';
import { MigrationAutomation0002TicketChatbotOption } from './migrations/automation-0002-ticket-chatbot-option.js';
import { MigrationAutomation0003IdleWarning } from './migrations/automation-0003-idle-warning.js';
import { outOfHoursStage } from './out-of-hours.js';
import { queueMenuStage } from './queue-menu.js';

/**
 * The automation engine (issue 15; docs/automation.md): the server-side rules that run a conversation without an
 * attendant. It answers inbound messages in the bots module's per-ticket turn, as stages around the bot engines:
 * working hours before them, the greeting and queue menu as the default routing when no engine took the message.
 * Every automatic text goes through one renderer (message-variables.ts) and leaves through MessagesPort as Balcão.
 */
export const automationModule = defineModule({
  name: 'automation',
  dependsOn: ['bots', 'settings', 'companies', 'connections', 'queues'],
  migrations: [
    { name: 'automation-0001-ticket-menu-state', class: MigrationAutomation0001TicketMenuState },
    { name: 'automation-0002-ticket-chatbot-option', class: MigrationAutomation0002TicketChatbotOption },
    { name: 'automation-0003-idle-warning', class: MigrationAutomation0003IdleWarning },
  ],
  // Idle tickets: the inactivity warning, auto-close and the redirect of unqueued tickets, checked every minute. An
  // agenda job: it survives restarts, and one worker runs it at a time.
  jobs: [
    {
      name: 'idle-tickets',
      every: '1 minute',
      handler: ({ companyId, scope }) => sweepIdleTickets(scope, companyId),
    },
  ],
  register: (container) => {
    const { inboundStages } = container.cradle;
    inboundStages.add(outOfHoursStage);
    inboundStages.add(queueMenuStage);
  },
});
