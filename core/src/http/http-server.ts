import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@balcao/sdk';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) closes it just as a client or a proxy
 * reuses it after a pause of about that long, and that request fails with ECONNRESET (a browser spec's API request
 * after a 5-second sign-in did); 65 s outlasts the 60 s idle timeout of common load balancers, so they close first.
 * The headers timeout stays above it, as Node's documentation advises.
 */
export const HTTP_KEEP_ALIVE_MS = 65_000;

/**
 * How long a request may send nothing while the server waits for its body (a slow-loris client holds a connection and
 * its parser otherwise). Node keeps the keep-alive timeout between requests, so this never cuts an idle connection.
 */
export const HTTP_BODY_IDLE_MS = 30_000;

/**
 * The longest a whole request (headers and body) may take to arrive: a 16 MB upload at 1 Mbit/s takes about 130 s.
 * Node answers 408 past it.
 */
export const HTTP_REQUEST_MS = 300_000;

export interface HttpServerOptions {
  logger: Logger;
  /** The upgrade requests whose path is `/ws`; any other upgrade is refused. */
  onWebSocket(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Tests shorten the timeouts; production uses the constants above. */
  bodyIdleMs?: number;
  requestMs?: number;
}

/** The path of a request target, or null when the target is not a URL (`//[`, `http://[`…): never throws. */
export function targetPath(target: string | undefined): string | null {
  if (!URL.canParse(target ?? '/', 'http://localhost')) return null;
  return new URL(target ?? '/', 'http://localhost').pathname;
}

const RAW_ERRORS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** A complete error answer written straight to a socket (the request never reached Koa), then the socket closes. */
function rawError(socket: Duplex, status: number, code: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: code });
  socket.end(
    `HTTP/1.1 ${status} ${RAW_ERRORS[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Node's parser error codes (ERR_HTTP_REQUEST_TIMEOUT, HPE_HEADER_OVERFLOW…) mapped to an answer. */
function clientErrorAnswer(err: NodeJS.ErrnoException): [number, string] {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'ERR_REQUEST_TIMEOUT'];
  if (err.code === 'HPE_HEADER_OVERFLOW') return [431, 'ERR_HEADERS_TOO_LARGE'];
  return [400, 'ERR_BAD_REQUEST'];
}

/**
 * Runs a server listener so that nothing it throws leaves it: a listener that throws on an EventEmitter stops the
 * process (one malformed request target did). The socket is closed instead, and the error logged.
 */
function guarded<A extends unknown[]>(
  logger: Logger,
  event: string,
  socketOf: (...args: A) => Duplex | undefined,
  fn: (...args: A) => void,
): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (err) {
      logger.warn({ err, event }, 'HTTP server listener failed; its connection is closed');
      try {
        socketOf(...args)?.destroy();
      } catch {
        // The socket is gone already: nothing more to close.
      }
    }
  };
}

/**
 * The HTTP server: the Koa callback for requests, `/ws` upgrades for the realtime hub, and listeners that cannot
 * throw (upgrade, clientError, connection, timeout), so that no request, however malformed, stops the process.
 * @example const server = createHttpServer(app.callback(), { logger, onWebSocket: (r, s, h) => hub.handleUpgrade(r, s, h) })
 */
export function createHttpServer(handler: http.RequestListener, opts: HttpServerOptions): http.Server {
  const { logger } = opts;
  // Koa's ctx.path throws on a target that is not a URL (`http://[`), outside any middleware that maps errors.
  const server = http.createServer({ requestTimeout: opts.requestMs ?? HTTP_REQUEST_MS }, (req, res) => {
    // Only whether it parses: building the URL too cost ~0.6 % of the server's CPU under ingest (issue 30).
    if (URL.canParse(req.url ?? '/', 'http://localhost')) {
      handler(req, res);
      return;
    }
    res.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ error: 'ERR_BAD_REQUEST' }));
  });
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
  server.headersTimeout = HTTP_KEEP_ALIVE_MS + 1000;
  server.timeout = opts.bodyIdleMs ?? HTTP_BODY_IDLE_MS;

  server.on(
    'connection',
    guarded(
      logger,
      'connection',
      (socket: Duplex) => socket,
      (socket: Duplex) => {
        // A reset connection must not become an unhandled 'error' event, whatever state its request is in.
        socket.on('error', () => socket.destroy());
      },
    ),
  );
  server.on(
    'clientError',
    guarded(
      logger,
      'clientError',
      (_err: NodeJS.ErrnoException, socket: Duplex) => socket,
      (err: NodeJS.ErrnoException, socket: Duplex) => {
        if (err.code === 'ECONNRESET' || !socket.writable) {
          socket.destroy();
          return;
        }
        const [status, code] = clientErrorAnswer(err);
        rawError(socket, status, code);
      },
    ),
  );
  server.on(
    'timeout',
    guarded(
      logger,
      'timeout',
      (socket: Duplex) => socket,
      (socket: Duplex) => {
        // Node calls this after HTTP_BODY_IDLE_MS without a byte either way. Only a request whose body stopped
        // arriving is cut (408); one fully received is being answered, however long its handler takes.
        const res = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
        if (!res) socket.destroy();
        else if (!res.req.complete && !res.headersSent) rawError(socket, 408, 'ERR_REQUEST_TIMEOUT');
      },
    ),
  );
  server.on(
    'upgrade',
    guarded(
      logger,
      'upgrade',
      (_req: http.IncomingMessage, socket: Duplex, _head: Buffer) => socket,
      (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        socket.on('error', () => socket.destroy());
        if (targetPath(req.url) === '/ws') opts.onWebSocket(req, socket, head);
        else rawError(socket, 400, 'ERR_BAD_REQUEST');
      },
    ),
  );
  return server;
}
