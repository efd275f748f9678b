import type { CorePorts, StoredFile } from '@balcao/sdk';
import type { z } from 'zod';
import type { FileListDto, FileListPageDto, fileListInputSchema } from '../shared/file-list.js';
import { FileList, FileListOption, type IFileList, type IFileListOption } from './entities.js';
import { fileListErrors } from './errors.js';

const PAGE_SIZE = 20;
type Body = z.output<typeof fileListInputSchema>;
export type FileListsDeps = Pick<CorePorts, 'em' | 'media' | 'messages' | 'logger'>;

const toDto = (list: IFileList, options: IFileListOption[]): FileListDto => ({
  id: list.id,
  name: list.name,
  message: list.message,
  userId: list.userId ?? null,
  options: options
    .filter((o) => o.fileListId === list.id)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((o) => ({ id: o.id, name: o.name, path: o.path, mediaType: o.mediaType })),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The file lists of the request's, job's or event's company (`em` and `media` are bound to it by the host). */
export class FileListsService {
  constructor(private readonly deps: FileListsDeps) {}

  async list(searchParam: string, pageNumber: number): Promise<FileListPageDto> {
    const where = searchParam ? { name: { $ilike: `%${escapeLike(searchParam)}%` } } : {};
    const [rows, count] = await this.deps.em.findAndCount(FileList, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE,
      offset: PAGE_SIZE * (pageNumber - 1),
    });
    const options = rows.length
      ? await this.deps.em.find(FileListOption, { fileListId: { $in: rows.map((r) => r.id) } })
      : [];
    return { files: rows.map((r) => toDto(r, options)), count, hasMore: count > PAGE_SIZE * pageNumber };
  }

  async find(id: number): Promise<FileListDto> {
    const list = await this.row(id);
    return toDto(list, await this.deps.em.find(FileListOption, { fileListId: id }));
  }

  async create(companyId: number, userId: number, body: Body): Promise<FileListDto> {
    const list = this.deps.em.create(FileList, { companyId, userId, name: body.name, message: body.message });
    await this.deps.em.flush();
    body.options.forEach((o, position) => {
      this.deps.em.create(FileListOption, {
        companyId,
        fileListId: list.id,
        name: o.name,
        path: '',
        mediaType: '',
        position,
      });
    });
    await this.deps.em.flush();
    return this.find(list.id);
  }

  /** The attachments sent are the whole set: kept ones by id (their file stays), new ones added, the rest removed. */
  async update(id: number, body: Body): Promise<FileListDto> {
    const list = await this.row(id);
    const current = await this.deps.em.find(FileListOption, { fileListId: id });
    const byId = new Map(current.map((o) => [o.id, o]));
    const kept = new Set<number>();
    body.options.forEach((o, position) => {
      const existing = o.id != null ? byId.get(o.id) : undefined;
      if (existing) {
        kept.add(existing.id);
        this.deps.em.assign(existing, { name: o.name, position });
      } else
        this.deps.em.create(FileListOption, {
          companyId: list.companyId,
          fileListId: id,
          name: o.name,
          path: '',
          mediaType: '',
          position,
        });
    });
    for (const o of current) if (!kept.has(o.id)) this.deps.em.remove(o);
    this.deps.em.assign(list, { name: body.name, message: body.message });
    await this.deps.em.flush();
    return this.find(id);
  }

  async remove(id: number): Promise<void> {
    await this.deps.em.remove(await this.row(id)).flush();
  }

  /** Stores an attachment's file in the company's media store (its checks apply) and points the option at it. */
  async upload(
    id: number,
    optionId: number,
    file: { data: Uint8Array; fileName: string; mimeType: string },
  ): Promise<FileListDto> {
    await this.row(id);
    const option = await this.deps.em.findOne(FileListOption, { id: optionId, fileListId: id });
    if (!option) throw fileListErrors.raise('ERR_NO_FILE_LIST_FOUND');
    const stored: StoredFile = await this.deps.media.store(file);
    this.deps.em.assign(option, { path: stored.url, mediaType: stored.type });
    await this.deps.em.flush();
    return this.find(id);
  }

  /**
   * Sends the list on a ticket (a chatbot option of type file, or a queue with a file list the ticket entered): its
   * message, then each attachment with a file, named by its caption. A list deleted since it was chosen sends nothing
   * (logged).
   */
  async sendTo(ticketId: number, fileListId: number): Promise<void> {
    const list = await this.deps.em.findOne(FileList, { id: fileListId });
    if (!list) {
      this.deps.logger.warn({ ticketId, fileListId }, 'file list of a chatbot option is gone; nothing sent');
      return;
    }
    const { options } = toDto(list, await this.deps.em.find(FileListOption, { fileListId }));
    if (list.message.trim()) await this.deps.messages.send({ ticketId, body: list.message });
    for (const o of options) {
      if (!o.path) continue;
      await this.deps.messages.send({
        ticketId,
        body: o.name,
        media: { url: o.path, type: o.mediaType as StoredFile['type'] },
      });
    }
  }

  private async row(id: number): Promise<IFileList> {
    const list = await this.deps.em.findOne(FileList, { id });
    if (!list) throw fileListErrors.raise('ERR_NO_FILE_LIST_FOUND');
    return list;
  }
}
