import type { IncomingMessage } from 'node:http';
import { MEDIA_MAX_BYTES } from '@balcao/sdk';
import { fileListErrors } from './errors.js';

/** The request's raw body (the uploaded file), refused past the media store's limit before it is all read. */
export async function readFileBody(req: IncomingMessage, maxBytes = MEDIA_MAX_BYTES): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw fileListErrors.raise('ERR_FILE_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      req.destroy();
      throw fileListErrors.raise('ERR_FILE_TOO_LARGE');
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
