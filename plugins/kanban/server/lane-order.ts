import type { CorePorts } from '@balcao/sdk';
import { type LaneDto, orderLanes } from '../shared/board.js';
import { kanbanErrors } from './errors.js';

const lane = ({ id, name, color, kanban, ticketsCount }: LaneDto): LaneDto => ({
  id,
  name,
  color,
  kanban,
  ticketsCount,
});

/**
 * The kanban lanes (the company's kanban tags, through the tags port) in the order the admin set. The order is the
 * plugin's own table; raw SQL on it always binds the company of the request.
 */
export class LaneOrder {
  constructor(
    private readonly deps: Pick<CorePorts, 'em' | 'tags'>,
    private readonly companyId: number,
  ) {}

  async lanes(): Promise<LaneDto[]> {
    const [tags, positions] = await Promise.all([this.deps.tags.list({ kanban: true }), this.positions()]);
    return orderLanes(tags, positions).map(lane);
  }

  /** Stores `tagIds` as the order; every one must be a kanban tag of the company (kanban:ERR_NOT_A_LANE). */
  async set(tagIds: number[]): Promise<LaneDto[]> {
    const lanes = new Set((await this.deps.tags.list({ kanban: true })).map((t) => t.id));
    const strangers = tagIds.filter((id) => !lanes.has(id));
    if (strangers.length) throw kanbanErrors.raise('ERR_NOT_A_LANE', { tagIds: strangers });
    // One statement: the lanes left out lose their place, the named ones take theirs (1, 2, …).
    const ids = `{${tagIds.join(',')}}`;
    await this.deps.em.getConnection().execute(
      `with dropped as (
         delete from kanban_lane_positions where company_id = ? and tag_id <> all(?::int[])
       )
       insert into kanban_lane_positions (company_id, tag_id, position)
       select ?, tag_id, position from unnest(?::int[]) with ordinality as o(tag_id, position)
       on conflict (company_id, tag_id) do update set position = excluded.position`,
      [this.companyId, ids, this.companyId, ids],
    );
    return this.lanes();
  }

  private async positions(): Promise<Map<number, number>> {
    const rows: { tag_id: number; position: number }[] = await this.deps.em
      .getConnection()
      .execute('select tag_id, position from kanban_lane_positions where company_id = ?', [this.companyId]);
    return new Map(rows.map((r) => [Number(r.tag_id), Number(r.position)]));
  }
}
