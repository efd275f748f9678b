import { idField, type TagDto, type TagQuery, type TagsPort, tagSchema, validate } from '@balcao/sdk';
import type { TagsService } from './tags-service.js';

/** TagsPort for one company (sdk tags-port.ts), over TagsService: the tags screens' counts and the form's rules. */
export class CompanyTagsPort implements TagsPort {
  constructor(
    private readonly companyId: number,
    private readonly tags: TagsService,
  ) {}

  list(query: TagQuery = {}): Promise<TagDto[]> {
    const kanban = query.kanban === undefined ? undefined : query.kanban ? 1 : 0;
    return this.tags.counted(this.companyId, { kanban });
  }

  async find(tagId: number): Promise<TagDto | null> {
    const id = idField.safeParse(tagId);
    if (!id.success) return null; // not an id at all (past int4, a fraction): no tag has it
    const [tag] = await this.tags.counted(this.companyId, { id: id.data });
    return tag ?? null;
  }

  create(input: { name: string; color?: string; kanban?: number }): Promise<TagDto> {
    // The REST route's schema: one set of rules for the form and for plugins.
    return this.tags.create(this.companyId, null, validate(tagSchema, input));
  }
}
