import type { AnnouncementDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { applyAnnouncementFrame, unreadCount } from './announcements-live';

const a = (id: number, createdAt: string, extra: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id,
  title: `A${id}`,
  text: 't',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt,
  updatedAt: createdAt,
  ...extra,
});

describe('applyAnnouncementFrame', () => {
  const older = a(1, '2026-11-01T10:00:00.000Z');
  const newer = a(2, '2026-11-02T10:00:00.000Z');

  it('puts a new announcement in date order, newest first', () => {
    const fresh = a(3, '2026-11-03T10:00:00.000Z', { priority: 1 });
    expect(applyAnnouncementFrame([newer, older], { action: 'create', record: fresh })).toEqual([
      fresh,
      newer,
      older,
    ]);
  });

  it('replaces a changed one and drops one made inactive or deleted', () => {
    const edited = { ...older, title: 'Mudou' };
    expect(applyAnnouncementFrame([newer, older], { action: 'update', record: edited })).toEqual([
      newer,
      edited,
    ]);
    const inactive = { ...older, status: false };
    expect(applyAnnouncementFrame([newer, older], { action: 'update', record: inactive })).toEqual([newer]);
    expect(applyAnnouncementFrame([newer, older], { action: 'delete', id: 2 })).toEqual([older]);
  });

  it('ignores a frame it does not recognise', () => {
    expect(applyAnnouncementFrame([older], { action: 'explode' })).toEqual([older]);
  });
});

describe('unreadCount', () => {
  it('counts every announcement before the first look, then only those newer than the last', () => {
    const items = [a(2, '2026-11-20T10:00:00.000Z'), a(1, '2026-11-10T10:00:00.000Z')];
    expect(unreadCount(items, null)).toBe(2);
    expect(unreadCount(items, '2026-11-15T00:00:00.000Z')).toBe(1);
    expect(unreadCount(items, '2026-11-20T10:00:00.000Z')).toBe(0);
    expect(unreadCount([], null)).toBe(0);
  });
});
