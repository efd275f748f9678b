import type pg from 'pg';
import { measure, type Row } from '../attendance/http-rows.js';
import { BASE, rssMb } from '../attendance/server.js';
import { createList } from './sheet-import.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(token: string, pathname: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The ticket list calls measured with and without a dispatch: the attendant's tabs and the admin's "show all". */
export const TICKET_ROWS = [
  { title: 'user: tickets status=open', path: '/api/tickets?pageNumber=1&status=open', as: 'user' },
  { title: 'user: tickets status=pending', path: '/api/tickets?pageNumber=1&status=pending', as: 'user' },
  {
    title: 'admin: tickets status=open showAll',
    path: '/api/tickets?pageNumber=1&status=open&showAll=true',
    as: 'admin',
  },
] as const;

export type Tokens = { admin: string; user: string };

export async function ticketRows(tokens: Tokens, label: string, seconds?: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const r of TICKET_ROWS)
    rows.push(await measure(`${r.title} (${label})`, 0, r.path, tokens[r.as], seconds));
  return rows;
}

/**
 * Company 1's campaign setup: the fastest pacing the settings allow (no interval, no longer pause) and a connection
 * of the fake WhatsApp channel (server-entry.ts) to send through.
 */
export async function prepareDispatch(token: string): Promise<number> {
  await call(token, '/api/campaign-settings', 'POST', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  const connection = await call<{ id: number }>(token, '/api/whatsapp', 'POST', {
    name: 'Bench campanhas',
    channel: 'whatsapp',
  });
  return connection.id;
}

/** A list of `size` items seeded by SQL (the upload's figures are the import row's): unique mobiles, never checked. */
export async function seedList(db: pg.Client, token: string, size: number): Promise<number> {
  const { id } = await createList(token, `Bench ${size} contatos ${Date.now()}`);
  await db.query(
    `insert into contact_list_items (company_id, contact_list_id, name, number, email)
     select 1, $1, 'Contato ' || i, '5521' || (900000000 + i)::text, ''
       from generate_series(1, $2::int) i`,
    [id, size],
  );
  await db.query('analyze contact_list_items');
  return id;
}

export interface PlanFigures {
  planned: number;
  /** From the POST that creates the campaign (scheduled now) to its shipping rows being there. */
  totalSeconds: number;
  /** From the campaign seen EM_ANDAMENTO (its start job ran) to its shipping rows being there: the planning itself. */
  planSeconds: number;
  idleMb: number;
  peakMb: number;
}

/**
 * Creates a campaign to the list scheduled for now and waits for its shipping rows, polling every 50 ms (the plan is
 * one INSERT … SELECT, so its rows appear at once); the server's RSS is sampled meanwhile.
 */
export async function planCampaign(
  db: pg.Client,
  token: string,
  serverPid: number,
  listId: number,
  connectionId: number,
): Promise<{ campaignId: number; figures: PlanFigures }> {
  const idleMb = await rssMb(serverPid);
  let peakMb = idleMb;
  const started = performance.now();
  const campaign = await call<{ id: number }>(token, '/api/campaigns', 'POST', {
    name: `Bench ${Date.now() % 1e8}`,
    message1: 'Olá {nome}, temos uma oferta para você.',
    contactListId: listId,
    whatsappId: String(connectionId),
    scheduledAt: new Date().toISOString(),
  });
  let runningAt: number | null = null;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the campaign was not planned within 10 minutes');
    peakMb = Math.max(peakMb, await rssMb(serverPid));
    const { rows } = await db.query<{ status: string; planned: boolean }>(
      `select status, exists (select 1 from campaign_shippings where campaign_id = $1) planned
         from campaigns where id = $1`,
      [campaign.id],
    );
    const now = performance.now();
    if (runningAt === null && rows[0]?.status === 'EM_ANDAMENTO') runningAt = now;
    if (rows[0]?.planned) {
      const { rows: n } = await db.query<{ n: string }>(
        'select count(*) n from campaign_shippings where campaign_id = $1',
        [campaign.id],
      );
      return {
        campaignId: campaign.id,
        figures: {
          planned: Number(n[0].n),
          totalSeconds: (now - started) / 1000,
          planSeconds: (now - (runningAt ?? started)) / 1000,
          idleMb,
          peakMb,
        },
      };
    }
    await sleep(50);
  }
}

/** Messages the dispatch stamped sent so far (each one through sendToContact and the outbox to the fake channel). */
export async function sentCount(db: pg.Client, campaignId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) n from campaign_shippings where campaign_id = $1 and delivered_at is not null',
    [campaignId],
  );
  return Number(rows[0].n);
}

/** Stops the campaign (the chain ends at its next link) and waits until nothing more is stamped sent. */
export async function cancelCampaign(db: pg.Client, token: string, campaignId: number): Promise<number> {
  await call(token, `/api/campaigns/${campaignId}/cancel`, 'POST');
  let last = -1;
  for (;;) {
    const now = await sentCount(db, campaignId);
    if (now === last) return now;
    last = now;
    await sleep(1_000);
  }
}

/** Runs a cancelled campaign again (it messages only the contacts not messaged yet) and waits for its next send. */
export async function restartCampaign(db: pg.Client, token: string, campaignId: number): Promise<void> {
  const before = await sentCount(db, campaignId);
  await call(token, `/api/campaigns/${campaignId}/restart`, 'POST');
  const deadline = Date.now() + 120_000;
  while ((await sentCount(db, campaignId)) === before) {
    if (Date.now() > deadline) throw new Error('the restarted campaign sent nothing within 2 minutes');
    await sleep(100);
  }
}
