import { MEDIA_MAX_BYTES } from '@balcao/sdk';
import type { MetaConfig } from './config.js';

/** How long one Graph call or attachment download may take before it counts as failed. */
const GRAPH_TIMEOUT_MS = 15_000;

/** A contact's profile as Graph answers it (Messenger's fields or Instagram's). */
interface ProfileAnswer {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
  profile_pic?: string;
}

/** How long a contact's profile is waited for: the message is ingested without the name after that. */
const PROFILE_TIMEOUT_MS = 5_000;

/**
 * The webhook fields a page is subscribed to. Changing them makes every linked page subscribe again on its next
 * webhook (PageSubscriptions compares them with the mark in the connection's store).
 */
export const SUBSCRIBED_FIELDS = 'messages,message_echoes,message_deliveries,message_reads';

/** Requests of `/{user}/accounts` (100 pages each) linking follows at most: 2,000 pages. */
export const MAX_ACCOUNT_REQUESTS = 20;

/** The user manages more pages than one link follows (MAX_ACCOUNT_REQUESTS requests of 100). */
export class TooManyPagesError extends Error {
  constructor(readonly requests: number) {
    super(`more than ${requests} requests of pages`);
    this.name = 'TooManyPagesError';
  }
}

/**
 * A refusal of the Graph API (`{ error: { message, type, code } }`) or a failure to reach it. `code` 190 is an invalid
 * or expired token; 10 and 200–299 are missing permissions (developers.facebook.com/docs/graph-api/guides/error-handling).
 */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** The token given is not (or no longer) valid. */
  get invalidToken(): boolean {
    return this.code === 190 || this.code === 102;
  }
}

/** A page the user manages, with its own access token and, when linked, its Instagram professional account. */
export interface GraphPage {
  id: string;
  name: string;
  accessToken: string;
  instagram: { id: string; username: string } | null;
}

/** What an attachment sent to a contact is: a type Graph knows and either a public URL or the bytes to upload. */
export interface GraphAttachment {
  type: 'image' | 'audio' | 'video' | 'file';
  url?: string;
  file?: { data: Uint8Array; fileName: string; mimeType: string };
}

interface AccountsAnswer {
  paging?: { next?: string };
  data?: {
    id: string;
    name?: string;
    access_token?: string;
    instagram_business_account?: { id: string; username?: string };
  }[];
}

/**
 * The few Graph API calls Balcão makes, with fetch (fb-messenger-bot-api hard-codes Graph v3.1 behind a global URL,
 * so it is not used). Tokens travel as the `access_token` parameter, as Graph documents.
 * @example const graph = new GraphClient(config); await graph.sendText(pageToken, psid, 'Olá!')
 */
export class GraphClient {
  constructor(private readonly config: Pick<MetaConfig, 'graphUrl' | 'graphVersion'>) {}

  private url(path: string, params: Record<string, string>): string {
    const url = new URL(`${this.config.graphUrl}/${this.config.graphVersion}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  private call<T>(path: string, params: Record<string, string>, init: RequestInit = {}): Promise<T> {
    return this.fetchJson<T>(this.url(path, params), init);
  }

  private async fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS), ...init });
    } catch (err) {
      throw new GraphError(`Graph unreachable: ${(err as Error).message}`, 0, null);
    }
    const body = (await res.json().catch(() => ({}))) as { error?: { message?: string; code?: number } };
    if (!res.ok || body.error) {
      throw new GraphError(
        body.error?.message ?? `Graph answered ${res.status}`,
        res.status,
        body.error?.code ?? null,
      );
    }
    return body as T;
  }

  /**
   * The pages the user manages, each with its page token and Instagram account: 100 per request, following Graph's
   * `paging.next` for at most MAX_ACCOUNT_REQUESTS requests (a user with more pages gets TooManyPagesError, rather
   * than a silently partial link). A `next` that leaves the configured Graph address is not followed.
   */
  async pages(userId: string, userToken: string): Promise<GraphPage[]> {
    const found: NonNullable<AccountsAnswer['data']> = [];
    let answer = await this.call<AccountsAnswer>(`${encodeURIComponent(userId)}/accounts`, {
      fields: 'id,name,access_token,instagram_business_account{id,username}',
      limit: '100',
      access_token: userToken,
    });
    for (let requests = 1; ; requests += 1) {
      found.push(...(answer.data ?? []));
      const next = answer.paging?.next;
      if (!next || !answer.data?.length) break;
      if (requests >= MAX_ACCOUNT_REQUESTS) throw new TooManyPagesError(MAX_ACCOUNT_REQUESTS);
      answer = await this.fetchJson<AccountsAnswer>(this.sameGraph(next));
    }
    return found
      .filter((p) => p.id && p.access_token)
      .map((p) => ({
        id: p.id,
        name: p.name || p.id,
        accessToken: p.access_token ?? '',
        instagram: p.instagram_business_account
          ? {
              id: p.instagram_business_account.id,
              username: p.instagram_business_account.username || p.instagram_business_account.id,
            }
          : null,
      }));
  }

  /** `next` as Graph gave it, when it points at the configured Graph (the user token travels in it). */
  private sameGraph(next: string): string {
    const url = URL.canParse(next) ? new URL(next) : null;
    if (!url || url.origin !== new URL(this.config.graphUrl).origin)
      throw new GraphError('Graph paging left the Graph API', 502, null);
    return url.toString();
  }

  /**
   * The contact's public profile as the page sees it: Messenger `/{psid}?fields=first_name,last_name,profile_pic`,
   * Instagram `/{igsid}?fields=name,username,profile_pic`. The name is empty when Graph gives none; throws GraphError.
   * @example const { name, picture } = await graph.profile('facebook', pageToken, psid)
   */
  async profile(
    kind: 'facebook' | 'instagram',
    pageToken: string,
    contactId: string,
  ): Promise<{ name: string; picture: string | null }> {
    const fields = kind === 'facebook' ? 'first_name,last_name,profile_pic' : 'name,username,profile_pic';
    const answer = await this.call<ProfileAnswer>(
      encodeURIComponent(contactId),
      { fields, access_token: pageToken },
      { signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS) },
    );
    const name =
      kind === 'facebook'
        ? [answer.first_name, answer.last_name].filter((n) => n?.trim()).join(' ')
        : answer.name?.trim() || (answer.username ? `@${answer.username}` : '');
    const picture = /^https?:\/\//.test(answer.profile_pic ?? '') ? (answer.profile_pic ?? null) : null;
    return { name: name.trim().slice(0, 100), picture };
  }

  /**
   * Subscribes the app to the page's messages, its own messages' echoes, deliveries and reads (its webhook then
   * receives them): SUBSCRIBED_FIELDS.
   */
  async subscribe(pageId: string, pageToken: string): Promise<void> {
    await this.call(
      `${encodeURIComponent(pageId)}/subscribed_apps`,
      { subscribed_fields: SUBSCRIBED_FIELDS, access_token: pageToken },
      { method: 'POST' },
    );
  }

  /** The id of the page a page token belongs to (`GET /me`). @example await graph.pageOf(pageToken) // '1060…' */
  async pageOf(pageToken: string): Promise<string> {
    const answer = await this.call<{ id?: string }>('me', { fields: 'id', access_token: pageToken });
    if (!answer.id) throw new GraphError('Graph gave no page id for the token', 502, null);
    return answer.id;
  }

  /**
   * A text to the contact; answers Graph's message id. `metadata` (Messenger only) comes back in the message's echo.
   */
  async sendText(pageToken: string, recipient: string, text: string, metadata?: string): Promise<string> {
    return this.send(pageToken, {
      recipient: { id: recipient },
      messaging_type: 'RESPONSE',
      message: { text, ...(metadata ? { metadata } : {}) },
    });
  }

  /**
   * An attachment to the contact, by URL or uploaded with the message; answers Graph's message id. `metadata`
   * (Messenger only) comes back in the message's echo.
   */
  async sendAttachment(
    pageToken: string,
    recipient: string,
    attachment: GraphAttachment,
    metadata?: string,
  ): Promise<string> {
    const extra = metadata ? { metadata } : {};
    if (attachment.url || !attachment.file) {
      return this.send(pageToken, {
        recipient: { id: recipient },
        messaging_type: 'RESPONSE',
        message: {
          attachment: { type: attachment.type, payload: { url: attachment.url, is_reusable: false } },
          ...extra,
        },
      });
    }
    const form = new FormData();
    form.append('recipient', JSON.stringify({ id: recipient }));
    form.append('messaging_type', 'RESPONSE');
    form.append(
      'message',
      JSON.stringify({ attachment: { type: attachment.type, payload: { is_reusable: false } }, ...extra }),
    );
    const { data, fileName, mimeType } = attachment.file;
    form.append('filedata', new Blob([new Uint8Array(data)], { type: mimeType }), fileName);
    const answer = await this.call<{ message_id?: string }>(
      'me/messages',
      { access_token: pageToken },
      {
        method: 'POST',
        body: form,
      },
    );
    return answer.message_id ?? '';
  }

  private async send(pageToken: string, payload: object): Promise<string> {
    const answer = await this.call<{ message_id?: string }>(
      'me/messages',
      { access_token: pageToken },
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      },
    );
    return answer.message_id ?? '';
  }
}

/**
 * Downloads an attachment a contact sent (Meta's CDN URL), at most MEDIA_MAX_BYTES; null when it cannot.
 * @example const file = await downloadAttachment(url, 'image')
 */
export async function downloadAttachment(
  url: string,
  type: string,
): Promise<{ data: Uint8Array; fileName: string; mimeType: string } | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) }).catch(() => null);
  if (!res?.ok) return null;
  if (Number(res.headers.get('content-length') ?? 0) > MEDIA_MAX_BYTES) return null;
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.byteLength > MEDIA_MAX_BYTES) return null;
  const mimeType =
    (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ||
    'application/octet-stream';
  const fromUrl = lastPathSegment(url);
  const fileName = /\.[a-z0-9]{1,9}$/i.test(fromUrl) ? fromUrl : `${type}${EXTENSIONS[mimeType] ?? ''}`;
  return { data, fileName, mimeType };
}

/** The decoded last segment of a URL's path, or '' when the URL or its escapes are malformed (never throws). */
function lastPathSegment(url: string): string {
  const segment = URL.canParse(url) ? (new URL(url).pathname.split('/').at(-1) ?? '') : '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Extensions for CDN URLs that carry none, so Balcão stores and serves the file as its type. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/aac': '.aac',
  'audio/ogg': '.ogg',
  'video/mp4': '.mp4',
  'application/pdf': '.pdf',
};
