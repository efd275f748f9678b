import type { SessionUserDto } from '@balcao/sdk';
import type { ShellBlocks, UiAlert, UiHost } from '@balcao/sdk/ui';

/** One call a plugin UI made on the fake host's API client. */
export interface FakeApiCall {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: unknown;
}

/** A fake shell host for a plugin UI's tests, with what the plugin did on it. */
export interface FakeUiHost {
  host: UiHost;
  /** Every API call, in order. */
  calls: FakeApiCall[];
  /** What `toastError` and `toastSuccess` were given. */
  toasts: { errors: unknown[]; successes: string[] };
  /** What `notify` was given (the chime and desktop notification the shell would give). */
  alerts: UiAlert[];
  /** Pushes `data` to the subscribers of a realtime channel (`company-1-hello`), as the shell's socket would. */
  emit(channel: string, data: unknown): void;
}

/** Placeholders for the shell's building blocks: they render their name, so a test sees where one is used. */
const block = (name: string) => () => <span data-shell-block={name} />;
const fakeBlocks: ShellBlocks = {
  TicketRow: block('TicketRow'),
  ContactAvatar: block('ContactAvatar'),
  DeleteConfirmation: block('DeleteConfirmation'),
  FormFooter: block('FormFooter'),
  ListPage: block('ListPage'),
  useSave: () => ({ saving: false, save: (action) => action() }),
};

/** An admin of company 1, on a plan with every flag the test names. */
function fakeUser(user: Partial<SessionUserDto>): SessionUserDto {
  return {
    id: 1,
    companyId: 1,
    name: 'Admin',
    email: 'admin@admin.com',
    profile: 'admin',
    super: false,
    language: 'pt-BR',
    company: { id: 1, name: 'Empresa 1', plan: {} },
    companieSettings: [],
    ...user,
  } as SessionUserDto;
}

/**
 * A shell host for rendering a plugin's UI in a test: its API client answers from `answers` (by `METHOD path`, or a
 * function of the body; a missing answer rejects, as a 404 would) and records each call; toasts and realtime are
 * recorded and driven by the test.
 * @example const fake = createFakeUiHost({ answers: { 'GET /hello': { greetings: [], hasMore: false } } })
 */
export function createFakeUiHost(
  opts: {
    user?: Partial<SessionUserDto>;
    answers?: Record<string, unknown | ((body: unknown) => unknown)>;
  } = {},
): FakeUiHost {
  const calls: FakeApiCall[] = [];
  const toasts = { errors: [] as unknown[], successes: [] as string[] };
  const alerts: UiAlert[] = [];
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const answer = async <T,>(method: FakeApiCall['method'], path: string, body?: unknown): Promise<T> => {
    calls.push({ method, path, ...(body === undefined ? {} : { body }) });
    const key = `${method.toUpperCase()} ${path}`;
    if (!opts.answers || !(key in opts.answers)) throw new Error(`fake UI host: no answer for ${key}`);
    const value = opts.answers[key];
    return (typeof value === 'function' ? (value as (b: unknown) => unknown)(body) : value) as T;
  };
  const host: UiHost = {
    api: {
      get: (path, query) => answer('get', query ? `${path}?${new URLSearchParams(asStrings(query))}` : path),
      post: (path, body) => answer('post', path, body),
      put: (path, body) => answer('put', path, body),
      delete: (path) => answer('delete', path),
      upload: (path, file, o) =>
        answer('post', o?.query ? `${path}?${new URLSearchParams(o.query)}` : path, file),
    },
    toastError: (error) => void toasts.errors.push(error),
    toastSuccess: (message) => void toasts.successes.push(message),
    subscribe(channel, handler) {
      const set = listeners.get(channel) ?? new Set();
      set.add(handler);
      listeners.set(channel, set);
      return () => set.delete(handler);
    },
    notify: (alert) => void alerts.push(alert),
    user: fakeUser(opts.user ?? {}),
    blocks: fakeBlocks,
  };
  return {
    host,
    calls,
    toasts,
    alerts,
    emit: (channel, data) => {
      for (const handler of listeners.get(channel) ?? []) handler(data);
    },
  };
}

const asStrings = (query: Record<string, string | number | boolean | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
