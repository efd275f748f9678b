import type { TagDto } from './dto-attendance.js';

/** Which tags `TagsPort.list` answers. @example { kanban: true } */
export interface TagQuery {
  /** true: only kanban lanes (kanban ≠ 0); false: only ordinary tags; absent: every tag. */
  kanban?: boolean;
}

/**
 * The company's tags (spec part 2 "Tags and kanban"): ordinary tags and kanban lanes (`kanban` ≠ 0). Bound to the
 * caller's company: another company's tag id is not found.
 * @example
 * const lanes = await tags.list({ kanban: true });
 * const late = lanes.find((t) => t.name === 'Atrasado') ?? (await tags.create({ name: 'Atrasado', kanban: 1 }));
 */
export interface TagsPort {
  /**
   * The tags in name order, each with `contactsCount` (contacts carrying it) and `ticketsCount` (tickets carrying it
   * as their own tag: a kanban lane's cards), as the tags and kanban tags screens count them.
   * @example const lanes = await tags.list({ kanban: true })
   */
  list(query?: TagQuery): Promise<TagDto[]>;
  /** One tag of the company, with its counts; null for an id it does not have. @example await tags.find(7) */
  find(tagId: number): Promise<TagDto | null>;
  /**
   * A new tag, validated as the tags screen's form is (`tagSchema`: name required, at least 3 characters; a random
   * colour when none; `kanban` 0 by default). A name the company uses already: 409 ERR_VALIDATION on `name`. Emits
   * `tag.created`; attendants' tag lists update live.
   * @example await tags.create({ name: 'VIP', color: '#ff9800' })
   */
  create(input: { name: string; color?: string; kanban?: number }): Promise<TagDto>;
}
