import type { MediaPort, StoredFile } from '@balcao/sdk';
import { readOwnMedia, removeOwnMedia, storeMediaBytes } from './media-storage.js';

/** MediaPort for one company: its folder of the media store under DATA_DIR (media-storage.ts). */
export class CompanyMediaPort implements MediaPort {
  constructor(
    private readonly dataDir: string,
    private readonly companyId: number,
  ) {}

  async store(input: { data: Uint8Array; fileName: string; mimeType: string }): Promise<StoredFile> {
    const stored = await storeMediaBytes(this.dataDir, this.companyId, input);
    return { url: stored.mediaUrl, type: stored.mediaType as StoredFile['type'], size: stored.size };
  }

  read(url: string) {
    return readOwnMedia(this.dataDir, this.companyId, url);
  }

  remove(url: string): Promise<boolean> {
    return removeOwnMedia(this.dataDir, this.companyId, url);
  }
}
