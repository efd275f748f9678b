import { defineModule } from '../../kernel/module.js';
import { refuseAudio } from './audio-refusal.js';
import { CompanyHoursPort } from './hours-port.js';
import { sweepIdleTickets } from './idle-tickets.js';
import { lgpdStage } from './lgpd-stage.js';
import { MigrationAutomation0001TicketMenuState } from './migrations/automation-0001-ticket-menu-state.js';
import { MigrationAutomation0002TicketChatbotOption } from './migrations/automation-0002-ticket-chatbot-option.js';
import { MigrationAutomation0003TicketRating } from './migrations/automation-0003-ticket-rating.js';
import { MigrationAutomation0004IdleWarning } from './migrations/automation-0004-idle-warning.js';
import { MigrationAutomation0005Assignment } from './migrations/automation-0005-assignment.js';
import { MigrationAutomation0006Lgpd } from './migrations/automation-0006-lgpd.js';
import { outOfHoursStage } from './out-of-hours.js';
import { queueMenuStage } from './queue-menu.js';
import { rotateQueues } from './queue-rotation.js';
import { ratingStage } from './rating-answer.js';
import { ratingExpiryJob } from './rating-expiry.js';
import { ratingCloseStep } from './rating-request.js';

/**
 * The automation engine (issue 15; docs/automation.md): the server-side rules that run a conversation without an
 * attendant. It answers inbound messages in the bots module's per-ticket turn, as stages around the bot engines:
 * the LGPD consent, the closing rating and working hours before them, the greeting and queue menu as the default routing when no engine
 * took the message. It takes over an attendant's close to ask for a rating (the tickets module's close steps), and its
 * timers are agenda jobs. Every automatic text goes through one renderer (message-variables.ts) and leaves through
 * MessagesPort as Balcão.
 */
export const automationModule = defineModule({
  name: 'automation',
  dependsOn: ['bots', 'settings', 'companies', 'connections', 'queues'],
  // Plugins ask whether a ticket is outside its service hours (the on-call notice) through this door.
  ports: { hours: ({ scope, tenant }) => tenant((id) => new CompanyHoursPort(scope, id)) },
  migrations: [
    { name: 'automation-0001-ticket-menu-state', class: MigrationAutomation0001TicketMenuState },
    { name: 'automation-0002-ticket-chatbot-option', class: MigrationAutomation0002TicketChatbotOption },
    { name: 'automation-0003-ticket-rating', class: MigrationAutomation0003TicketRating },
    { name: 'automation-0004-idle-warning', class: MigrationAutomation0004IdleWarning },
    { name: 'automation-0005-assignment', class: MigrationAutomation0005Assignment },
    { name: 'automation-0006-lgpd', class: MigrationAutomation0006Lgpd },
  ],
  // The rating's expiry, one job per ask; idle tickets (the inactivity warning, auto-close and the redirect of
  // unqueued tickets) and the queue rotation, checked every minute. Agenda jobs: they survive restarts, and one worker runs each at a time.
  jobs: [
    ratingExpiryJob,
    {
      name: 'idle-tickets',
      every: '1 minute',
      handler: ({ companyId, scope }) => sweepIdleTickets(scope, companyId),
    },
    {
      name: 'queue-rotation',
      every: '1 minute',
      handler: ({ companyId, scope }) => rotateQueues(scope, companyId),
    },
  ],
  // An audio the company or the contact does not take is answered at once, whoever has the ticket.
  subscribers: [{ event: 'message.created', handler: refuseAudio }],
  register: (container) => {
    const { inboundStages, closeSteps } = container.cradle;
    // A new ticket waiting for the contact's LGPD consent, or one waiting for its rating, is answered by that flow
    // alone, whatever the hour.
    inboundStages.add(lgpdStage);
    inboundStages.add(ratingStage);
    inboundStages.add(outOfHoursStage);
    inboundStages.add(queueMenuStage);
    closeSteps.add(ratingCloseStep);
  },
});
