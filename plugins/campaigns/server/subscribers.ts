import type { PluginSubscriber } from '@balcao/sdk';
import { mayAnswerACampaign } from './campaign-reach.js';
import type { CampaignDeps } from './deps.js';

/**
 * Core's events as the campaigns see them: a contact's answer confirms a pending request (the real message follows)
 * or, when it is one of the company's stop words, opts the contact out; the channel's delivery states reach the report.
 */
/** How far back in the ticket the answer's last message from the company is looked for. */
const ANSWER_LOOKBACK = 50;

/**
 * True when the last message the company sent the contact in this ticket, before their answer, is a campaign's
 * (its message or its confirmation request). A stop word opts out as an answer to a campaign (issue 26: "a contact
 * who answers a stop word"), not in any conversation: a customer who writes "cancelar" to an attendant about an
 * order stays reachable.
 */
async function answersACampaign(
  deps: CampaignDeps,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<boolean> {
  const before = await deps.messages.list({ ticketId, beforeId: messageId, limit: ANSWER_LOOKBACK });
  const lastOurs = before.find((m) => m.fromMe && !m.isPrivate);
  if (!lastOurs) return false;
  const rows = await deps.em.execute(
    `select 1 from campaign_shippings
      where company_id = ? and (message_id = ? or confirmation_message_id = ?) limit 1`,
    [companyId, lastOurs.id, lastOurs.id],
  );
  return rows.length > 0;
}

export const campaignSubscribers: PluginSubscriber<CampaignDeps>[] = [
  {
    event: 'message.created',
    handler: async ({ companyId, ticketId, messageId, contactId: sender, kind }, deps) => {
      if (kind !== 'inbound') return;
      // When no shipping may reach the contact nothing below can match — the confirmation is looked for by the contact,
      // the stop word's campaign by a message of this ticket — so every message of every conversation costs a share of
      // one batched read of the plugin's own table instead of the ticket, the message, the settings and an update.
      if (!(await mayAnswerACampaign(deps, companyId, sender))) return;
      const ticket = await deps.tickets.find(ticketId);
      if (!ticket || ticket.isGroup) return;
      const contactId = ticket.contactId;
      const message = await deps.messages.find(messageId);
      // The company's stop words (/campaigns-config), compared trimmed and in any case, as an answer to a campaign.
      const { optOutWords } = await deps.campaignSettings.get();
      if (
        message &&
        optOutWords.includes(message.body.trim().toLowerCase()) &&
        (await answersACampaign(deps, companyId, ticketId, messageId))
      ) {
        await deps.em.execute(
          'insert into campaign_opt_outs (company_id, contact_id) values (?, ?) on conflict do nothing',
          [companyId, contactId],
        );
        await deps.em.execute(
          `update campaign_shippings set opted_out_at = now(), updated_at = now()
            where company_id = ? and contact_id = ? and opted_out_at is null and delivered_at is null`,
          [companyId, contactId],
        );
        return;
      }
      const confirmed = await deps.em.execute<{ campaign_id: number }[]>(
        `update campaign_shippings s set confirmed_at = now(), updated_at = now()
           from campaigns c
          where s.company_id = ? and s.contact_id = ? and s.confirmation_requested_at is not null
            and s.confirmed_at is null and c.id = s.campaign_id and c.company_id = ?
            and c.status = 'EM_ANDAMENTO' and c.confirmation
        returning s.campaign_id`,
        [companyId, contactId, companyId],
      );
      for (const campaignId of new Set(confirmed.map((r) => r.campaign_id)))
        await deps.dispatcher.resume(companyId, campaignId);
    },
  },
  {
    event: 'message.ack',
    handler: async ({ companyId, messageId, ack }, deps) => {
      const rows = await deps.em.execute<{ campaign_id: number }[]>(
        `update campaign_shippings set ack = greatest(ack, ?), updated_at = now()
          where company_id = ? and message_id = ? and ack < ? returning campaign_id`,
        [ack, companyId, messageId, ack],
      );
      if (rows.length > 0)
        await deps.dispatcher.publish(companyId, { action: 'progress', campaignId: rows[0].campaign_id });
    },
  },
  {
    event: 'message.delivery',
    handler: async ({ companyId, messageId, state, reason }, deps) => {
      if (state !== 'failed') return;
      const rows = await deps.em.execute<{ campaign_id: number }[]>(
        `update campaign_shippings set failed_at = coalesce(failed_at, now()), failure_reason = ?, updated_at = now()
          where company_id = ? and (message_id = ? or confirmation_message_id = ?) returning campaign_id`,
        [(reason ?? 'failed').slice(0, 255), companyId, messageId, messageId],
      );
      if (rows.length > 0)
        await deps.dispatcher.publish(companyId, { action: 'progress', campaignId: rows[0].campaign_id });
    },
  },
];
