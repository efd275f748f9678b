import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseServiceAccount } from '../../shared/integration.js';
import { testServiceAccount } from '../testing/dialogflow-mock.js';
import { signAssertion } from './google-token.js';

describe('the service-account assertion', () => {
  it('is an RS256 JWT for the token URL, signed by the account’s key, valid one hour', () => {
    const { jsonContent, publicKey, clientEmail } = testServiceAccount();
    const account = parseServiceAccount(jsonContent);
    if (!account) throw new Error('test key file refused');
    const jwt = signAssertion(account, 'https://token.test/t', 1_000);
    const [h, c, s] = jwt.split('.');
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(c, 'base64url').toString())).toEqual({
      iss: clientEmail,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: 'https://token.test/t',
      iat: 1_000,
      exp: 4_600,
    });
    expect(
      createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url')),
    ).toBe(true);
  });

  it('accepts only key files with an e-mail and a private key', () => {
    expect(parseServiceAccount('{"client_email":"a@b.c"}')).toBeNull();
    expect(parseServiceAccount('not json')).toBeNull();
  });
});
