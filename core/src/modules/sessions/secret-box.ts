import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for values kept at rest (channel sessions, plugin configuration). The key is derived from SESSION_SECRET
 * per purpose (HKDF-SHA256), so one secret never keys two uses. The `context` (the row's identity: connection and
 * key, or company, plugin and key) is bound as associated data: a value copied into another row does not open.
 * Sealed text: `v1:` + base64(iv ‖ tag ‖ ciphertext).
 * @example const box = new SecretBox(config.sessionSecret, 'channel-session'); box.open(box.seal('x', '3:creds'), '3:creds')
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'balcao', `balcao:${purpose}`, 32));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the value was altered, moved to another row, or sealed with another secret. */
  open(sealed: string, context: string): string {
    if (!sealed.startsWith(`${VERSION}:`)) throw new Error('unknown sealed value format');
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}
