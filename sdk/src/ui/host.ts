import { createContext, useContext, useEffect, useRef } from 'react';
import type { SessionUserDto } from '../dto.js';
import { companyChannel } from '../realtime.js';
import type { ShellBlocks } from './blocks.js';

/** The shell's HTTP client: same origin, `/api` prefix, bearer token, one refresh-and-retry on 403, logout on 401. */
export interface UiApi {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
  /**
   * POSTs a file as the request's body (`application/octet-stream`), reporting the share sent so far (0–1) while it
   * goes: an upload with a progress bar. @example await api.upload('/files/3/options/9/file', file, { query: { fileName: file.name }, onProgress: setShare })
   */
  upload<T>(
    path: string,
    file: Blob,
    opts?: { query?: Record<string, string>; onProgress?(share: number): void },
  ): Promise<T>;
}

/**
 * An alert for the signed-in user, as a new ticket message gives: `title` and `body` of the desktop notification, `tag`
 * (a newer alert with the same tag replaces the older one), `onClick` when they click it.
 * @example notify({ title: 'Ana in Vendas', body: 'Bom dia!', tag: 'chat-7', onClick: () => navigate('/chats/…') })
 */
export interface UiAlert {
  title: string;
  body: string;
  tag: string;
  onClick(): void;
}

/**
 * What the shell offers plugin UIs: its API client, its toasts (errors translated from `ERR_…`), realtime channels and
 * the signed-in user. Plugins never read tokens or open sockets themselves.
 * @example const { api, toastError } = useUiHost(); api.get<GreetingPageDto>('/hello').catch(toastError)
 */
export interface UiHost {
  api: UiApi;
  /** Shows the translated `ERR_…` text of an API error (or a generic message) as a toast. */
  toastError(error: unknown): void;
  /** Shows a success toast with an already translated message. */
  toastSuccess(message: string): void;
  /** Listens to a socket channel; returns the unsubscribe function. */
  subscribe(channel: string, handler: (data: unknown) => void): () => void;
  user: SessionUserDto;
  /**
   * Alerts the user as the ticket notifications do: the chime at the top bar's volume and, when the browser permits
   * it, a desktop notification (clicking it focuses the tab). Deciding when to alert is the caller's.
   */
  notify(alert: UiAlert): void;
  /** The shell's building blocks (ticket row, avatar, delete confirmation, form footer, save helper, list page). */
  blocks: ShellBlocks;
}

/** Provided by the shell around every plugin page and slot. */
export const UiHostContext = createContext<UiHost | null>(null);

/** The shell's services for plugin UIs; throws outside the shell. @example const { api } = useUiHost() */
export function useUiHost(): UiHost {
  const host = useContext(UiHostContext);
  if (!host) throw new Error('useUiHost must be used inside the Balcão shell');
  return host;
}

/**
 * Subscribes to the company channel `company-{id}-{topic}` while the component is mounted.
 * @example useCompanyChannel('hello', (data) => setGreetings(merge(data)))
 */
export function useCompanyChannel(topic: string, handler: (data: unknown) => void): void {
  const { subscribe, user } = useUiHost();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () => subscribe(companyChannel(user.companyId, topic), (data) => latest.current(data)),
    [subscribe, user.companyId, topic],
  );
}
