import type { TagDto } from '@balcao/sdk';
import type { ITag } from './tag.entity.js';

export function toTagDto(tag: Pick<ITag, 'id' | 'name' | 'color' | 'kanban'>): TagDto {
  return { id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban };
}
