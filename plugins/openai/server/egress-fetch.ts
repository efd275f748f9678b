import type { HttpPort, HttpRequest } from '@balcao/sdk';

type Method = NonNullable<HttpRequest['method']>;
const METHODS = new Set<Method>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A `fetch` for the openai client that goes out through the platform's http port, so a prompt's base URL gets the
 * egress policy (no private addresses unless the operator allows them), its size limit and its log. Each call is one
 * attempt of at most `timeoutMs` (the client's own retries are off: a bot turn must end in time).
 */
export function egressFetch(http: HttpPort, timeoutMs: number) {
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase() as Method;
    if (!METHODS.has(method)) throw new Error(`unsupported method ${method}`);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      if (name !== 'content-length' && name !== 'accept-encoding') headers[name] = value;
    });
    let body: string | Uint8Array | undefined;
    if (typeof init.body === 'string') body = init.body;
    else if (init.body != null) {
      // FormData (a transcription's audio) or a stream: let the platform's Response encode it, with its boundary.
      const encoded = new Response(init.body as BodyInit);
      const type = encoded.headers.get('content-type');
      if (type && !headers['content-type']) headers['content-type'] = type;
      body = new Uint8Array(await encoded.arrayBuffer());
    }
    const res = await http.request({ url, method, headers, body, timeoutMs, retries: 0 });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (name !== 'content-encoding' && name !== 'transfer-encoding') out.set(name, value);
    }
    const empty = res.status === 204 || res.status === 304 || method === 'HEAD';
    return new Response(empty ? null : Buffer.from(res.body), { status: res.status, headers: out });
  };
}
