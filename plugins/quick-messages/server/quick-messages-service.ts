import { AppError, type AuthUser, type CorePorts, companyChannel, type UploadedFile } from '@balcao/sdk';
import {
  canManage,
  canShare,
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessageDto,
  type QuickMessageFrame,
  type QuickMessageInput,
  type QuickMessagePageDto,
} from '../shared/quick-message.js';
import { quickMessageErrors } from './errors.js';
import { type IQuickMessage, QuickMessage } from './quick-message.entity.js';

type Deps = Pick<CorePorts, 'em' | 'realtime' | 'media'>;

/** What the user sees of a reply: the row and whether they may change it. */
export const toQuickMessageDto = (q: IQuickMessage, user: AuthUser): QuickMessageDto => ({
  id: q.id,
  shortcode: q.shortcode,
  message: q.message,
  geral: q.geral,
  status: q.status,
  isMedia: Boolean(q.mediaPath),
  mediaPath: q.mediaPath ?? null,
  mediaName: q.mediaName ?? null,
  userId: q.userId ?? null,
  canEdit: canManage(user, { userId: q.userId ?? null, geral: q.geral }),
  updatedAt: q.updatedAt.toISOString(),
});

const isManager = (user: AuthUser) => user.profile === 'admin' || user.profile === 'supervisor';
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Quick replies of the request's company (`em` is scoped to it). Managers (admin, supervisor) see and change every
 * reply; a user sees their own and the shared ones and changes only their own non-shared ones (spec part 2 §6).
 */
export class QuickMessagesService {
  constructor(private readonly deps: Deps) {}

  async list(user: AuthUser, searchParam: string, pageNumber: number): Promise<QuickMessagePageDto> {
    const visible = isManager(user) ? {} : { $or: [{ geral: true }, { userId: user.id }] };
    const search = searchParam
      ? {
          $or: [
            { shortcode: { $ilike: likePattern(searchParam) } },
            { message: { $ilike: likePattern(searchParam) } },
          ],
        }
      : {};
    const [rows, count] = await this.deps.em.findAndCount(
      QuickMessage,
      { $and: [visible, search] },
      {
        orderBy: { shortcode: 'asc', id: 'asc' },
        limit: QUICK_MESSAGES_PAGE_SIZE,
        offset: QUICK_MESSAGES_PAGE_SIZE * (pageNumber - 1),
      },
    );
    return {
      records: rows.map((q) => toQuickMessageDto(q, user)),
      hasMore: count > QUICK_MESSAGES_PAGE_SIZE * pageNumber,
    };
  }

  /** One reply the user may see; 404 otherwise (another user's private reply is not theirs to know of). */
  async find(user: AuthUser, id: number): Promise<IQuickMessage> {
    const row = await this.deps.em.findOne(QuickMessage, { id });
    if (!row || (!isManager(user) && !row.geral && row.userId !== user.id))
      throw quickMessageErrors.raise('ERR_QUICK_MESSAGE_NOT_FOUND');
    return row;
  }

  /** One reply the user may change; 403 for a shared one (or another's) a user sees but may not touch. */
  private async findManaged(user: AuthUser, id: number): Promise<IQuickMessage> {
    const row = await this.find(user, id);
    if (!canManage(user, { userId: row.userId ?? null, geral: row.geral }))
      throw new AppError('ERR_NO_PERMISSION', 403);
    return row;
  }

  async create(user: AuthUser, input: QuickMessageInput): Promise<QuickMessageDto> {
    if (input.geral && !canShare(user)) throw quickMessageErrors.raise('ERR_SHARED_NOT_ALLOWED');
    const row = this.deps.em.create(QuickMessage, {
      ...input,
      companyId: user.companyId,
      userId: user.id,
      mediaPath: null,
      mediaName: null,
    });
    await this.deps.em.flush();
    await this.publish(user.companyId, 'create', row.id);
    return toQuickMessageDto(row, user);
  }

  async update(user: AuthUser, id: number, input: QuickMessageInput): Promise<QuickMessageDto> {
    const row = await this.findManaged(user, id);
    if (input.geral && !canShare(user)) throw quickMessageErrors.raise('ERR_SHARED_NOT_ALLOWED');
    Object.assign(row, input);
    await this.deps.em.flush();
    await this.publish(user.companyId, 'update', row.id);
    return toQuickMessageDto(row, user);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const row = await this.findManaged(user, id);
    const media = row.mediaPath;
    await this.deps.em.removeAndFlush(row);
    await this.dropFile(media);
    await this.publish(user.companyId, 'delete', id);
  }

  /** Stores the file in the company's media (the upload's checks apply) and attaches it to the reply, in place of any. */
  async attachMedia(user: AuthUser, id: number, file: UploadedFile): Promise<QuickMessageDto> {
    const row = await this.findManaged(user, id);
    const data = await file.read();
    const stored = await this.deps.media.store({ data, fileName: file.fileName, mimeType: file.mimeType });
    const replaced = row.mediaPath;
    row.mediaPath = stored.url;
    row.mediaName = file.fileName;
    await this.deps.em.flush();
    await this.dropFile(replaced);
    await this.publish(user.companyId, 'update', row.id);
    return toQuickMessageDto(row, user);
  }

  /** The reply goes back to text alone, and its file leaves the store. */
  async removeMedia(user: AuthUser, id: number): Promise<QuickMessageDto> {
    const row = await this.findManaged(user, id);
    const media = row.mediaPath;
    row.mediaPath = null;
    row.mediaName = null;
    await this.deps.em.flush();
    await this.dropFile(media);
    await this.publish(user.companyId, 'update', row.id);
    return toQuickMessageDto(row, user);
  }

  /**
   * A reply's file, once nothing points at it: messages never share it (the composer attaches a reply's file as a new
   * upload, so every message keeps a copy of its own).
   */
  private async dropFile(url: string | null | undefined): Promise<void> {
    if (url) await this.deps.media.remove(url);
  }

  private async publish(companyId: number, action: QuickMessageFrame['action'], quickMessageId: number) {
    const data: QuickMessageFrame = { action, quickMessageId };
    await this.deps.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'quick-messages'),
      data,
    });
  }
}
