import { AppError, type ChannelMedia, type StoredFile } from '@balcao/sdk';

/**
 * A company's media store in memory, as core hands it to channels (ChannelMedia): files get `/api/media/company{id}/…`
 * URLs, and `read` answers only this company's. `refuse` makes `store` throw the way core's checks do.
 * @example const media = new MemoryMedia(1); const { url } = await media.store({ data, fileName: 'a.png', mimeType: 'image/png' })
 */
export class MemoryMedia implements ChannelMedia {
  readonly files = new Map<string, { data: Uint8Array; mimeType: string; fileName: string }>();
  /** Set to make `store` refuse files (a type or size core's store does not take). */
  refuse = false;
  private next = 1;

  constructor(readonly companyId = 1) {}

  async store(input: { data: Uint8Array; fileName: string; mimeType: string }): Promise<StoredFile> {
    if (this.refuse) throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 400);
    const ext = input.fileName.includes('.') ? input.fileName.slice(input.fileName.lastIndexOf('.')) : '';
    const url = `/api/media/company${this.companyId}/${String(this.next++).padStart(32, '0')}${ext}`;
    this.files.set(url, { ...input });
    const family = input.mimeType.split('/')[0];
    const type = family === 'image' || family === 'audio' || family === 'video' ? family : 'application';
    return { url, type, size: input.data.byteLength };
  }

  async read(url: string): Promise<{ data: Uint8Array; mimeType: string; fileName: string } | null> {
    return this.files.get(url) ?? null;
  }
}
