import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Meta signs webhook deliveries with: `sha256=` and the HMAC-SHA256 of the raw body, in hex. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * The signature Meta would send for `body` (tests sign their fixtures with it).
 * @example sign('{"object":"page"}', appSecret) // 'sha256=5f2c…'
 */
export function sign(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

/**
 * Whether `header` is Meta's signature of exactly these bytes, compared in constant time. fb-messenger-bot-api's own
 * check never hashes the body (STACK-NOTES), so it is not used.
 * @example verifySignature(ctx.state.rawBody, ctx.get('x-hub-signature-256'), appSecret)
 */
export function verifySignature(body: string, header: string | undefined, appSecret: string): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(sign(body, appSecret).slice('sha256='.length), 'hex');
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
