import { MEDIA_MAX_BYTES } from '@balcao/sdk';
import type { MetaConfig } from './config.js';

/** How long one Graph call or attachment download may take before it counts as failed. */
const GRAPH_TIMEOUT_MS = 15_000;

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

  private async call<T>(path: string, params: Record<string, string>, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url(path, params), { ...init, signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
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

  /** The pages the user manages (first 100), each with its page token and Instagram account. */
  async pages(userId: string, userToken: string): Promise<GraphPage[]> {
    const answer = await this.call<AccountsAnswer>(`${encodeURIComponent(userId)}/accounts`, {
      fields: 'id,name,access_token,instagram_business_account{id,username}',
      limit: '100',
      access_token: userToken,
    });
    return (answer.data ?? [])
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

  /** Subscribes the app to the page's messages, deliveries and reads (its webhook then receives them). */
  async subscribe(pageId: string, pageToken: string): Promise<void> {
    await this.call(
      `${encodeURIComponent(pageId)}/subscribed_apps`,
      {
        subscribed_fields: 'messages,message_deliveries,message_reads',
        access_token: pageToken,
      },
      { method: 'POST' },
    );
  }

  /** A text to the contact; answers Graph's message id. */
  async sendText(pageToken: string, recipient: string, text: string): Promise<string> {
    return this.send(pageToken, {
      recipient: { id: recipient },
      messaging_type: 'RESPONSE',
      message: { text },
    });
  }

  /** An attachment to the contact, by URL or uploaded with the message; answers Graph's message id. */
  async sendAttachment(pageToken: string, recipient: string, attachment: GraphAttachment): Promise<string> {
    if (attachment.url || !attachment.file) {
      return this.send(pageToken, {
        recipient: { id: recipient },
        messaging_type: 'RESPONSE',
        message: {
          attachment: { type: attachment.type, payload: { url: attachment.url, is_reusable: false } },
        },
      });
    }
    const form = new FormData();
    form.append('recipient', JSON.stringify({ id: recipient }));
    form.append('messaging_type', 'RESPONSE');
    form.append(
      'message',
      JSON.stringify({ attachment: { type: attachment.type, payload: { is_reusable: false } } }),
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
  const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '');
  const fileName = /\.[a-z0-9]{1,9}$/i.test(fromUrl) ? fromUrl : `${type}${EXTENSIONS[mimeType] ?? ''}`;
  return { data, fileName, mimeType };
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
