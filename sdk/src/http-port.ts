/**
 * The egress port: how a plugin reaches the outside world (Typebot, n8n, a webhook, Dialogflow, OpenAI). Requests
 * have a timeout, retries with backoff, a size limit on the answer and an address policy (no loopback, private,
 * link-local or metadata addresses unless the operator's `BALCAO_EGRESS_ALLOW` lists them); each is logged without
 * its query, headers or body. A refusal throws an `AppError`: `ERR_EGRESS_BLOCKED` (the address), `ERR_EGRESS_TIMEOUT`,
 * `ERR_EGRESS_TOO_LARGE` (the answer) or `ERR_EGRESS_FAILED` (the network, or too many redirects).
 * @example const res = await deps.http.request({ url: `${typebotUrl}/api/v1/sessions`, method: 'POST', json: { message } })
 */
export interface HttpPort {
  request(req: HttpRequest): Promise<HttpResponse>;
}

/** One outgoing request. @example { url: 'https://api.example.com/x', method: 'POST', json: { a: 1 }, timeoutMs: 5000 } */
export interface HttpRequest {
  /** An http(s) URL. */
  url: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Readonly<Record<string, string>>;
  /** Sent as JSON with `content-type: application/json`; or give a raw `body`. */
  json?: unknown;
  body?: string | Uint8Array;
  /** Per attempt; default 10 s, at most 60 s. */
  timeoutMs?: number;
  /** Attempts after the first on a network error, 429 or 5xx: default 2 for GET, HEAD, PUT and DELETE, 0 otherwise. */
  retries?: number;
  /** The answer's body is refused past this size; default 5 MiB, at most 50 MiB. */
  maxBytes?: number;
}

/** The answer, read whole (within `maxBytes`). Any status is an answer: check `status` yourself. */
export interface HttpResponse {
  status: number;
  /** Lower-case names. */
  headers: Readonly<Record<string, string>>;
  body: Uint8Array;
  text(): string;
  /** The body parsed as JSON; throws on a body that is not JSON. */
  json<T = unknown>(): T;
}
