import { AppError, type AuthUser, type CorePorts, companyChannel } from '@balcao/sdk';
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
    await this.deps.em.removeAndFlush(row);
    await this.publish(user.companyId, 'delete', id);
  }

  /** Stores the file in the company's media (the upload's checks apply) and attaches it to the reply. */
  async attachMedia(
    user: AuthUser,
    id: number,
    file: { data: Uint8Array; fileName: string; mimeType: string },
  ): Promise<QuickMessageDto> {
    const row = await this.findManaged(user, id);
    const stored = await this.deps.media.store(file);
    row.mediaPath = stored.url;
    row.mediaName = file.fileName;
    await this.deps.em.flush();
    await this.publish(user.companyId, 'update', row.id);
    return toQuickMessageDto(row, user);
  }

  /** The reply goes back to text alone (the file stays in the company's store, as other messages may show it). */
  async removeMedia(user: AuthUser, id: number): Promise<QuickMessageDto> {
    const row = await this.findManaged(user, id);
    row.mediaPath = null;
    row.mediaName = null;
    await this.deps.em.flush();
    await this.publish(user.companyId, 'update', row.id);
    return toQuickMessageDto(row, user);
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
