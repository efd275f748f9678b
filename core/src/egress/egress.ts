import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, type HttpPort, type HttpRequest, type HttpResponse, type Logger } from '@balcao/sdk';
import type { AddressPolicy } from './address-policy.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_MAX_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const RETRY_BASE_MS = 250;
const RETRY_CAP_MS = 5_000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

/** A failure worth another attempt (network, time-out), as opposed to a refusal (address, size). */
class Retriable extends Error {
  constructor(readonly appError: AppError) {
    super(appError.code);
  }
}

/**
 * The egress port's implementation: node's http(s) with a `lookup` that checks every address a name resolves to
 * against the policy before connecting (a DNS answer that changes between check and use cannot slip through), and a
 * check of literal addresses (node skips `lookup` for them). Redirects are followed by hand, each hop checked again.
 */
export class EgressClient implements HttpPort {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly logger: Logger,
  ) {}

  async request(req: HttpRequest): Promise<HttpResponse> {
    const method = req.method ?? 'GET';
    const retries = Math.max(0, Math.min(req.retries ?? (IDEMPOTENT.has(method) ? 2 : 0), 5));
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.follow(req, method);
        if (attempt < retries && RETRIED_STATUSES.has(res.status)) {
          await sleep(backoff(attempt, res.headers['retry-after']));
          continue;
        }
        return res;
      } catch (err) {
        if (!(err instanceof Retriable)) throw err;
        if (attempt >= retries) throw err.appError;
        await sleep(backoff(attempt));
      }
    }
  }

  private async follow(req: HttpRequest, method: string): Promise<HttpResponse> {
    let url = parseUrl(req.url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await this.once(url, req, method);
      const location = res.headers.location;
      if (![301, 302, 303, 307, 308].includes(res.status) || !location) return res;
      url = parseUrl(new URL(location, url).toString());
    }
    throw new AppError('ERR_EGRESS_FAILED', 502, { reason: 'too many redirects' });
  }

  private once(url: URL, req: HttpRequest, method: string): Promise<HttpResponse> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const listedHost = this.policy.allowsHost(host);
    if (isLiteral(host) && !listedHost && !this.policy.allowsAddress(host)) throw blocked(url);
    const timeoutMs = clamp(req.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
    const maxBytes = clamp(req.maxBytes ?? DEFAULT_MAX_BYTES, 1, MAX_MAX_BYTES);
    const body = req.json !== undefined ? JSON.stringify(req.json) : req.body;
    const headers = {
      ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    };
    const started = Date.now();
    const where = `${url.origin}${url.pathname}`; // never the query: tokens travel there
    return new Promise<HttpResponse>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(url, {
        method,
        headers,
        lookup: listedHost ? undefined : this.checkedLookup(url),
        timeout: timeoutMs,
      });
      const fail = (err: unknown) => {
        outgoing.destroy();
        this.logger.info(
          { method, url: where, ms: Date.now() - started, error: describe(err) },
          'egress failed',
        );
        reject(err);
      };
      const deadline = setTimeout(
        () => fail(new Retriable(new AppError('ERR_EGRESS_TIMEOUT', 504, { timeoutMs }))),
        timeoutMs,
      );
      outgoing.on('timeout', () =>
        fail(new Retriable(new AppError('ERR_EGRESS_TIMEOUT', 504, { timeoutMs }))),
      );
      outgoing.on('error', (err) => {
        clearTimeout(deadline);
        fail(
          err instanceof AppError
            ? err
            : new Retriable(new AppError('ERR_EGRESS_FAILED', 502, { reason: describe(err) })),
        );
      });
      outgoing.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            clearTimeout(deadline);
            fail(new AppError('ERR_EGRESS_TOO_LARGE', 502, { maxBytes }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (err) => {
          clearTimeout(deadline);
          fail(new Retriable(new AppError('ERR_EGRESS_FAILED', 502, { reason: describe(err) })));
        });
        res.on('end', () => {
          clearTimeout(deadline);
          if (size > maxBytes) return;
          const status = res.statusCode ?? 0;
          this.logger.info({ method, url: where, status, ms: Date.now() - started, bytes: size }, 'egress');
          resolve(answer(status, res.headers, Buffer.concat(chunks)));
        });
      });
      outgoing.end(body);
    });
  }

  /** dns.lookup, then every address it answered checked: one refused address refuses the request. */
  private checkedLookup(url: URL): LookupFunction {
    return (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const list = addresses as dns.LookupAddress[];
        if (!list.length || list.some((a) => !this.policy.allowsAddress(a.address)))
          return callback(blocked(url) as unknown as NodeJS.ErrnoException, '', 0);
        if (options.all)
          return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        const [first] = list as [dns.LookupAddress];
        callback(null, first.address, first.family);
      });
    };
  }
}

function parseUrl(raw: string): URL {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new AppError('ERR_VALIDATION', 400, {
      fields: [{ path: 'url', message: 'Must be an http(s) URL' }],
    });
  return url;
}

const blocked = (url: URL) => new AppError('ERR_EGRESS_BLOCKED', 403, { host: url.hostname });

const isLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(Math.trunc(n) || min, min), max);

/** Exponential, with jitter; a server's Retry-After (seconds) is honoured up to the cap. */
function backoff(attempt: number, retryAfter?: string): number {
  const asked = Number(retryAfter) * 1000;
  if (Number.isFinite(asked) && asked > 0) return Math.min(asked, RETRY_CAP_MS);
  const base = Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_CAP_MS);
  return base / 2 + Math.random() * (base / 2);
}

const describe = (err: unknown) =>
  err instanceof AppError ? err.code : ((err as NodeJS.ErrnoException).code ?? String(err));

function answer(status: number, raw: http.IncomingHttpHeaders, body: Buffer): HttpResponse {
  const headers = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
  );
  return {
    status,
    headers,
    body: new Uint8Array(body),
    text: () => body.toString('utf8'),
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}
