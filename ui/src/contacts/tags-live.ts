import { readFrame, TAG_FRAME, type TagDto } from '@balcao/sdk';

/**
 * The company's tags after a `company-{id}-tag` frame: a new tag joins in name order, a changed one is replaced, a
 * deleted one goes. The contacts screen's tag filter follows them, so the first tag shows without a reload.
 * @example setTags((tags) => applyTagEvent(tags, data))
 */
export function applyTagEvent(tags: readonly TagDto[], data: unknown): TagDto[] {
  const frame = readFrame(TAG_FRAME, data);
  if (!frame) return [...tags];
  if (frame.action === 'delete') return tags.filter((t) => t.id !== frame.tagId);
  const others = tags.filter((t) => t.id !== frame.tag.id);
  return [...others, frame.tag].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
