import type { Ports } from './deps.js';
import type { ICampaign } from './entities.js';

/** Contacts per INSERT while walking a tag's audience: one page of the contacts port at a time. */
const TAG_PAGE = 200;

/**
 * Creates the campaign's shipping rows, one per (campaign, contact) — or per list item, whose contact is found or
 * created when it is messaged. Idempotent (ON CONFLICT DO NOTHING): a restart or a re-run of a crashed plan adds the
 * members that joined since and never duplicates one.
 */
export class Planner {
  constructor(private readonly ports: Pick<Ports, 'em' | 'contacts'>) {}

  async plan(companyId: number, campaign: ICampaign): Promise<void> {
    if (campaign.contactListId) await this.planList(companyId, campaign.id, campaign.contactListId);
    else if (campaign.tagListId) await this.planTag(companyId, campaign.id, campaign.tagListId);
  }

  /** Is this contact list the company's? (The contact-lists plugin owns the table; read by SQL, company-scoped.) */
  async listExists(companyId: number, contactListId: number): Promise<boolean> {
    const rows = await this.ports.em.execute(
      'select 1 from contact_lists where id = ? and company_id = ? limit 1',
      [contactListId, companyId],
    );
    return rows.length > 0;
  }

  /**
   * One statement, however large the list: the rows never pass through this process (flat memory). Items whose number
   * is known not to be on WhatsApp (`is_whatsapp_valid = false`) are left out; unchecked ones (null) are tried.
   */
  private async planList(companyId: number, campaignId: number, contactListId: number): Promise<void> {
    await this.ports.em.execute(
      `insert into campaign_shippings (company_id, campaign_id, contact_list_item_id, number, name, email)
       select i.company_id, ?, i.id, left(i.number, 100), left(i.name, 255), nullif(left(i.email, 255), '')
         from contact_list_items i
        where i.company_id = ? and i.contact_list_id = ? and i.is_whatsapp_valid is not false
       on conflict (campaign_id, contact_list_item_id) where contact_list_item_id is not null do nothing`,
      [campaignId, companyId, contactListId],
    );
  }

  /** A keyset walk of the tag's contacts through the contacts port, one page in memory at a time. */
  private async planTag(companyId: number, campaignId: number, tagId: number): Promise<void> {
    let beforeId: number | undefined;
    for (;;) {
      const page = await this.ports.contacts.list({ tagIds: [tagId], beforeId, limit: TAG_PAGE });
      if (page.length === 0) return;
      const values = page.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
      const params = page.flatMap((c) => [companyId, campaignId, c.id, c.number, c.name, c.email]);
      await this.ports.em.execute(
        `insert into campaign_shippings (company_id, campaign_id, contact_id, number, name, email)
         values ${values}
         on conflict (campaign_id, contact_id) where contact_list_item_id is null do nothing`,
        params,
      );
      beforeId = page[page.length - 1].id;
    }
  }
}
