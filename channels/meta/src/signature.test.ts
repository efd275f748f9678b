import { describe, expect, it } from 'vitest';
import { sign, verifySignature } from './signature.js';

const SECRET = 'app-secret-for-tests';
const BODY = '{"object":"page","entry":[]}';

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC-SHA256 of exactly the raw body with the app secret', () => {
    expect(verifySignature(BODY, sign(BODY, SECRET), SECRET)).toBe(true);
  });

  it('refuses a body changed after signing, even by one space', () => {
    expect(verifySignature(`${BODY} `, sign(BODY, SECRET), SECRET)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifySignature(BODY, sign(BODY, 'another-secret'), SECRET)).toBe(false);
  });

  it('refuses a missing, truncated, or sha1 header', () => {
    expect(verifySignature(BODY, undefined, SECRET)).toBe(false);
    expect(verifySignature(BODY, '', SECRET)).toBe(false);
    expect(verifySignature(BODY, sign(BODY, SECRET).slice(0, 40), SECRET)).toBe(false);
    expect(verifySignature(BODY, `sha1=${'a'.repeat(40)}`, SECRET)).toBe(false);
  });
});
