import type { MikroORM } from '@mikro-orm/postgresql';

/** Up to this many tickets carrying the filter's tags, the list reads them by id instead of walking for them. */
export const FEW_TAGGED_MAX = 2000;
const TTL_MS = 60_000;

/**
 * How many tickets carry each tag of a company (on the ticket or its contact: `tickets.tag_ids`), read at most once
 * a minute per company. It only chooses how the ticket list reads a tags filter (by id when few, walking the list
 * when many): both reads answer the same tickets, so a figure a minute old costs time at worst, never a wrong list.
 */
export class TicketTagSizes {
  private readonly orm: MikroORM;
  private readonly cache = new Map<number, { at: number; sizes: Promise<Map<number, number>> }>();

  constructor({ orm }: { orm: MikroORM }) {
    this.orm = orm;
  }

  /** Whether few enough tickets carry any of `tagIds` to read them by id (a tag unknown here counts as none). */
  async fewTagged(companyId: number, tagIds: number[]): Promise<boolean> {
    const sizes = await this.sizes(companyId);
    const total = [...new Set(tagIds)].reduce((sum, id) => sum + (sizes.get(id) ?? 0), 0);
    return total <= FEW_TAGGED_MAX;
  }

  private sizes(companyId: number): Promise<Map<number, number>> {
    const hit = this.cache.get(companyId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.sizes;
    const sizes = this.read(companyId);
    this.cache.set(companyId, { at: Date.now(), sizes });
    // A failed read is not kept: the next list asks again.
    sizes.catch(() => this.cache.delete(companyId));
    return sizes;
  }

  private async read(companyId: number): Promise<Map<number, number>> {
    // Each tag counted off the partial GIN index on tag_ids (core-0009), by the same test the list's filter uses.
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number; tickets: number }[]>(
        `select g.id, (select count(*) from tickets t
                        where t.tag_ids <> '{}' and t.tag_ids && array[g.id] and t.company_id = g.company_id)::int
                      as tickets
           from tags g where g.company_id = ?`,
        [companyId],
      );
    return new Map(rows.map((r) => [r.id, r.tickets]));
  }
}
