import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a delivery leaves to the channel: send the message, take back one the attendant deleted, tell the contact
 * their message was read, or send an attendant's reaction (the message is the stored reaction).
 */
export type DeliveryAction = 'send' | 'retract' | 'read' | 'react';

/** Wakes the delivery worker of this process at once (others find the row on their next poll). */
export interface OutboxKick {
  kick(): void;
}

/**
 * Queues a delivery in the caller's transaction (`em` inside `em.transactional`): committed with the message or not
 * at all. A second delivery of the same message and action is a no-op.
 * @example await em.transactional(async (tx) => { …; await enqueueDelivery(tx, companyId, message.id, 'send') })
 */
export async function enqueueDelivery(
  em: EntityManager,
  companyId: number,
  messageId: number,
  action: DeliveryAction,
): Promise<void> {
  await em.getConnection().execute(
    `insert into message_outbox (company_id, message_id, action) values (?, ?, ?)
       on conflict (message_id, action) do nothing`,
    [companyId, messageId, action],
    'run',
    em.getTransactionContext(),
  );
}

/**
 * The contact's messages an attendant just read get a read receipt each (the newest {@link READ_RECEIPTS_PER_READ}:
 * older ones were read on the phone long ago or do not matter to the contact). Only messages the channel knows (with
 * its id). Runs in the caller's transaction.
 */
export async function enqueueReadReceipts(
  em: EntityManager,
  companyId: number,
  messages: readonly { id: number; externalId: string | null }[],
): Promise<number> {
  const ids = messages
    .filter((m) => m.externalId)
    .map((m) => Number(m.id))
    .sort((a, b) => b - a)
    .slice(0, READ_RECEIPTS_PER_READ);
  if (!ids.length) return 0;
  await em.getConnection().execute(
    `insert into message_outbox (company_id, message_id, action)
       values ${ids.map(() => "(?, ?, 'read')").join(', ')}
       on conflict (message_id, action) do nothing`,
    ids.flatMap((id) => [companyId, id]),
    'run',
    em.getTransactionContext(),
  );
  return ids.length;
}

/** At most so many read receipts for one reading of a conversation. */
export const READ_RECEIPTS_PER_READ = 50;

/**
 * A deleted message is taken back from the contact: if its delivery has not been claimed yet, it never leaves
 * (the pending row is dropped); otherwise a retract is queued behind it. Runs in the caller's transaction.
 * Answers whether a retract was queued.
 */
export async function withdrawDelivery(
  em: EntityManager,
  companyId: number,
  messageId: number,
): Promise<boolean> {
  const ctx = em.getTransactionContext();
  const dropped = await em.getConnection().execute<{ id: string }[]>(
    `delete from message_outbox
        where company_id = ? and message_id = ? and action = 'send'
          and (status = 'failed' or locked_until is null or locked_until < now())
        returning id`,
    [companyId, messageId],
    'all',
    ctx,
  );
  if (dropped.length) return false;
  await enqueueDelivery(em, companyId, messageId, 'retract');
  return true;
}

/**
 * An attendant asks again for a message whose delivery failed for good: the same row (and idempotency key, so a
 * channel that did receive an earlier attempt does not send twice) is due now with fresh attempts. Answers whether
 * there was a failed delivery to retry.
 */
export async function retryDelivery(
  em: EntityManager,
  companyId: number,
  messageId: number,
): Promise<boolean> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `with again as (
       update message_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
        where company_id = ? and message_id = ? and action in ('send', 'react') and status = 'failed'
        returning id)
     update messages set delivery_error = null
      where id = ? and company_id = ? and exists (select 1 from again)
      returning id`,
    [companyId, messageId, messageId, companyId],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}
