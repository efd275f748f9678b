import { createHash, createSign } from 'node:crypto';
import type { HttpPort } from '@balcao/sdk';
import type { ServiceAccount } from '../../shared/integration.js';
import { EGRESS_TIMEOUT_MS } from './common.js';

/** Where Google exchanges a signed service-account assertion for an access token. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The RS256 JWT a service account signs to ask for a token (Google's OAuth 2.0 for server-to-server). */
export function signAssertion(
  account: ServiceAccount,
  audience: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: audience, iat: now, exp: now + 3600 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${b64url(signer.sign(account.private_key))}`;
}

// Tokens live an hour: one per account and token URL, kept until a minute before they expire.
const cache = new Map<string, { token: string; until: number }>();

/** An access token for the account: cached, else exchanged at `tokenUrl` through the platform's egress. */
export async function accessToken(
  http: HttpPort,
  account: ServiceAccount,
  tokenUrl: string,
): Promise<string> {
  const key = createHash('sha256')
    .update(`${tokenUrl}\n${account.client_email}\n${account.private_key}`)
    .digest('hex');
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.token;
  let assertion: string;
  try {
    assertion = signAssertion(account, tokenUrl);
  } catch {
    throw new Error('a chave privada da conta de serviço é inválida');
  }
  const res = await http.request({
    url: tokenUrl,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString(),
    timeoutMs: EGRESS_TIMEOUT_MS,
    maxBytes: 64 * 1024,
  });
  if (res.status !== 200) throw new Error(`o Google recusou a conta de serviço (${res.status})`);
  const { access_token: token, expires_in: seconds } = res.json<{
    access_token?: string;
    expires_in?: number;
  }>();
  if (!token) throw new Error('o Google não devolveu um token');
  cache.set(key, { token, until: Date.now() + (Math.min(seconds ?? 3600, 3600) - 60) * 1000 });
  return token;
}
