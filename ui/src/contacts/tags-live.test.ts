import type { TagDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { applyTagEvent } from './tags-live';

const tag = (id: number, name: string): TagDto => ({ id, name, color: '#1565c0' }) as TagDto;

describe('the tag filter follows the company’s tags', () => {
  it('adds the first tag, and later ones in name order', () => {
    const first = applyTagEvent([], { action: 'create', tag: tag(1, 'VIP') });
    expect(first.map((t) => t.name)).toEqual(['VIP']);
    expect(applyTagEvent(first, { action: 'create', tag: tag(2, 'Atacado') }).map((t) => t.name)).toEqual([
      'Atacado',
      'VIP',
    ]);
  });

  it('renames and deletes', () => {
    const tags = [tag(1, 'VIP'), tag(2, 'Atacado')];
    expect(applyTagEvent(tags, { action: 'update', tag: tag(1, 'Ouro') }).map((t) => t.name)).toEqual([
      'Atacado',
      'Ouro',
    ]);
    expect(applyTagEvent(tags, { action: 'delete', tagId: 2 }).map((t) => t.id)).toEqual([1]);
  });

  it('ignores frames it does not understand', () => {
    const tags = [tag(1, 'VIP')];
    for (const data of [null, { action: 'create' }, { action: 'delete', tagId: 'x' }])
      expect(applyTagEvent(tags, data)).toEqual(tags);
  });
});
