import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ANNOUNCEMENT_CHANNEL,
  type AnnouncementDto,
  type AnnouncementFrame,
  type AnnouncementPage,
  type AnnouncementPriority,
  type AnnouncementsSeenDto,
  AppError,
  type AuthUser,
  type announcementSchema,
  type RealtimePort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { likeTerm } from '../../db/sql-helpers.js';
import { type UploadedFile, uploadName } from '../messages/media-storage.js';
import { Announcement, type IAnnouncement } from './announcement.entity.js';
import {
  announcementMediaDir,
  assertAnnouncementImage,
  removeAnnouncementImage,
  STORED_ANNOUNCEMENT_NAME,
  storeAnnouncementImage,
} from './announcement-media.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    announcements: AnnouncementsService;
  }
}

export const ANNOUNCEMENTS_PAGE_SIZE = 20;

type AnnouncementFields = z.output<typeof announcementSchema>;

export const toAnnouncementDto = (a: IAnnouncement): AnnouncementDto => ({
  id: a.id,
  title: a.title,
  text: a.text,
  priority: a.priority as AnnouncementPriority,
  status: a.status,
  mediaPath: a.mediaPath ?? null,
  mediaName: a.mediaName ?? null,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/**
 * Platform announcements (spec part 2 §2, §3): super users write them; every signed-in user reads the active ones,
 * newest first, and hears of changes on `company-announcement`.
 */
export class AnnouncementsService {
  private readonly em: EntityManager;
  private readonly realtime: RealtimePort;
  private readonly dataDir: string;

  constructor({
    em,
    realtime,
    config,
  }: { em: EntityManager; realtime: RealtimePort; config: { dataDir: string } }) {
    this.em = em;
    this.realtime = realtime;
    this.dataDir = config.dataDir;
  }

  /** A page of 20, newest first, titles or texts containing `searchParam`; inactive ones for super users only. */
  async page(viewer: AuthUser, q: { searchParam: string; pageNumber: number }): Promise<AnnouncementPage> {
    const term = q.searchParam ? `%${likeTerm(q.searchParam)}%` : undefined;
    const where = {
      ...(viewer.super ? {} : { status: true }),
      ...(term ? { $or: [{ title: { $ilike: term } }, { text: { $ilike: term } }] } : {}),
    };
    const [rows, count] = await this.em.findAndCount(Announcement, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: ANNOUNCEMENTS_PAGE_SIZE,
      offset: ANNOUNCEMENTS_PAGE_SIZE * (q.pageNumber - 1),
    });
    return {
      records: rows.map(toAnnouncementDto),
      count,
      hasMore: count > ANNOUNCEMENTS_PAGE_SIZE * q.pageNumber,
    };
  }

  /** When the viewer last opened the announcements (null: never). */
  async seen(viewer: AuthUser): Promise<AnnouncementsSeenDto> {
    const [row] = await this.em
      .getConnection()
      .execute<{ seen_at: string | Date }[]>('select seen_at from announcement_seen where user_id = ?', [
        viewer.id,
      ]);
    return { seenAt: row ? new Date(row.seen_at).toISOString() : null };
  }

  /** The viewer has seen every announcement up to now. */
  async markSeen(viewer: AuthUser): Promise<AnnouncementsSeenDto> {
    await this.em.getConnection().execute(
      `insert into announcement_seen (user_id, seen_at) values (?, now())
       on conflict (user_id) do update set seen_at = excluded.seen_at`,
      [viewer.id],
      'run',
    );
    return this.seen(viewer);
  }

  async get(viewer: AuthUser, id: number): Promise<AnnouncementDto> {
    return toAnnouncementDto(await this.find(id, viewer));
  }

  async create(author: AuthUser, input: AnnouncementFields): Promise<AnnouncementDto> {
    const row = this.em.create(Announcement, { ...input, companyId: author.companyId });
    await this.em.flush();
    return this.publish(row, 'create');
  }

  async update(id: number, input: AnnouncementFields): Promise<AnnouncementDto> {
    const row = await this.find(id);
    this.em.assign(row, input);
    await this.em.flush();
    return this.publish(row, 'update');
  }

  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    await this.em.remove(row).flush();
    await removeAnnouncementImage(this.dataDir, row.mediaPath ?? null);
    await this.send({ action: 'delete', id });
  }

  /** `POST /announcements/{id}/media-upload`: a PNG or JPEG replaces the image (the old file goes). */
  async setImage(id: number, file: UploadedFile): Promise<AnnouncementDto> {
    const row = await this.find(id);
    const mime = await assertAnnouncementImage(file);
    const previous = row.mediaPath ?? null;
    row.mediaPath = await storeAnnouncementImage(this.dataDir, file, mime);
    row.mediaName = uploadName(file).slice(0, 255);
    await this.em.flush();
    await removeAnnouncementImage(this.dataDir, previous);
    return this.publish(row, 'update');
  }

  /** `DELETE /announcements/{id}/media-upload`: the announcement goes on without its image. */
  async removeImage(id: number): Promise<AnnouncementDto> {
    const row = await this.find(id);
    const previous = row.mediaPath ?? null;
    row.mediaPath = null;
    row.mediaName = null;
    await this.em.flush();
    await removeAnnouncementImage(this.dataDir, previous);
    return this.publish(row, 'update');
  }

  /** The image of an announcement the viewer may read, as a stream with its type and size. */
  async image(viewer: AuthUser, id: number) {
    const row = await this.find(id, viewer);
    const name = row.mediaPath ?? '';
    const file = path.join(announcementMediaDir(this.dataDir), name);
    const info = STORED_ANNOUNCEMENT_NAME.test(name) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
    return {
      type: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
      size: info.size,
      stream: createReadStream(file),
    };
  }

  /** An announcement by id; one a viewer who is not super may not see (inactive) is not found. */
  private async find(id: number, viewer?: AuthUser): Promise<IAnnouncement> {
    const row = await this.em.findOne(Announcement, { id });
    if (!row || (viewer && !viewer.super && !row.status))
      throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', 404);
    return row;
  }

  /** Users see active announcements only: an inactive one reaches their popovers as gone. */
  private async publish(row: IAnnouncement, action: 'create' | 'update'): Promise<AnnouncementDto> {
    const record = toAnnouncementDto(row);
    await this.send(row.status ? { action, record } : { action: 'delete', id: row.id });
    return record;
  }

  /** Announcements concern every company: the frame goes to every signed-in socket. */
  private send(data: AnnouncementFrame): Promise<void> {
    return this.realtime.publish({ companyId: null, channel: ANNOUNCEMENT_CHANNEL, data });
  }
}
