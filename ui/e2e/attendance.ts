import { randomUUID } from 'node:crypto';
import { visitorContactId } from '@balcao/channel-webchat';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { ADMIN_USER_ID, USERS } from './helpers';
import { serverOrigin } from './servers';

// Set-up shared by the attendance specs: the admin's API token, a web chat connection, attendants, the visitor.

/** The admin the browsers sign in as (`USERS.admin`), read through the API session. */
export async function browserAdmin(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.get(`/api/users/${ADMIN_USER_ID}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: number; name: string };
}

/** Specs run one after another in one worker: a token renewed this close to its expiry was no longer in use. */
const API_TOKEN_MARGIN_MS = 3 * 60_000;
let apiSession: { token: string; expiresAt: number } | undefined;
/** The API session's own request context (its refresh cookie), kept for the whole run of the worker. */
let apiContext: APIRequestContext | undefined;

/** The admin's API token, for setting up through the API. */
export async function adminToken(_request: APIRequestContext): Promise<string> {
  // One API session for the whole run: every login ends the account's earlier session, so a token a fixture or a spec
  // holds would stop working if each call signed in again. Near its expiry (15 min: a run longer than 12 min gets
  // here) the token is renewed through the session's refresh cookie, which keeps the session and so every token a
  // running spec holds; a login then would end them (a queue fixture's clean-up answered 401 and left its queue).
  if (apiSession && apiSession.expiresAt - Date.now() > API_TOKEN_MARGIN_MS) return apiSession.token;
  apiContext ??= await playwrightRequest.newContext({
    baseURL: serverOrigin(),
  });
  const renewed = apiSession ? await apiContext.post('/api/auth/refresh_token') : undefined;
  const res = renewed?.ok() ? renewed : await apiContext.post('/api/auth/login', { data: USERS.api });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).token as string;
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
  apiSession = { token, expiresAt: exp * 1000 };
  return token;
}

/**
 * Sets the browser admin's Show all switch as the next page load finds it: the choice is kept per user on the server,
 * so a spec that needs it off (or on) says so instead of inheriting the last spec's.
 */
export async function setAdminShowAll(request: APIRequestContext, on: boolean): Promise<void> {
  const res = await request.put(`/api/users/${ADMIN_USER_ID}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { showAllTickets: on },
  });
  expect(res.ok()).toBe(true);
}

/** A web chat connection (with any extra connection fields); answers its public token. */
export async function createWebchat(
  request: APIRequestContext,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await request.post('/api/whatsapp', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Site ${Date.now()}`, channel: 'webchat', ...extra },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

/** The platform company's seeded web chat connection ('Chat do site'): its public token. Uses no plan slot. */
export async function seededWebchat(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/whatsapp', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const connections = (await res.json()) as { channel: string; name: string; token: string }[];
  const seeded = connections.find((c) => c.channel === 'webchat' && c.name === 'Chat do site');
  expect(seeded).toBeDefined();
  return (seeded as { token: string }).token;
}

/**
 * An attendant (profile user) with any extra user fields (name, queueIds…); answers their login and id.
 * The e-mail is unique even for two attendants made in the same millisecond.
 */
export async function createAttendant(
  request: APIRequestContext,
  token: string,
  extra: Record<string, unknown> = {},
) {
  const who = {
    email: `bruna.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.test`,
    password: 'bruna-pass',
  };
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Bruna Atendente', profile: 'user', ...extra, ...who },
  });
  // The server's answer in the failure message: a refusal names its code.
  expect(res.ok(), await res.text()).toBe(true);
  return { ...who, id: (await res.json()).id as number };
}

/** What attendants see as a web chat visitor's number: a hash of the visitor's secret id. */
export { visitorContactId };

/** The customer's side: a web chat visitor writes (public endpoint, no login). */
export async function visitorSays(
  request: APIRequestContext,
  channelToken: string,
  visitor: { id: string; name: string },
  body: string,
) {
  const res = await request.post(`/api/webchat/${channelToken}/messages`, {
    data: { visitorId: visitor.id, name: visitor.name, body, clientMessageId: randomUUID() },
  });
  expect(res.status()).toBe(201);
}

/** The run's shared API session as request headers (a spec's own login of that account would end it for every spec). */
export async function apiAuth(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

/**
 * Closes every pending ticket of the company (the admin's Close all). The browser specs share one server, and many
 * leave a web chat visitor waiting with an unread message; unread tickets lead the list, so past a page of them a
 * spec's own ticket, once read, is out of sight. A spec that reads a ticket's place in Pending starts from an empty
 * waiting room (the specs run one at a time).
 */
export async function emptyWaitingRoom(request: APIRequestContext, token: string) {
  const res = await request.post('/api/tickets/closeAll', {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'pending' },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Holds back the answers to requests matching `url` (for signedIn's `prepare`): the server answers each at once, the
 * page gets it only on release(). `read()` counts the answers the server has given, so a spec knows the server has
 * read its data before it changes that data.
 */
export function heldBack(url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let read = 0;
  return {
    prepare: async (context: BrowserContext) => {
      await context.route(url, async (route) => {
        const response = await route.fetch();
        read++;
        await released;
        await route.fulfill({ response });
      });
    },
    read: () => read,
    release: () => release(),
  };
}

export async function openPending(page: Page): Promise<void> {
  await expect(page.getByTestId('ticket-list-panel')).toBeVisible();
  await page.getByTestId('subtab-pending').click();
  await expect(page.getByTestId('ticket-list-pending')).toBeVisible();
}

/**
 * A session as the browser stores it after signing in: the refresh cookie, and the access token the UI keeps in
 * localStorage (ui/src/api/token-storage.ts), which the UI restores on its first load. Got through
 * `POST /api/auth/login`: the login screen is walked by the sign-in journeys (shell.spec.ts, users.spec.ts), and
 * each set-up sign-in through it cost a page load and a form. Like any login, it ends the account's other session.
 */
async function storedSession(who: { email: string; password: string }) {
  const origin = serverOrigin();
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const res = await api.post('/api/auth/login', { data: who });
    expect(res.ok(), await res.text()).toBe(true);
    const { token } = (await res.json()) as { token: string };
    const { cookies } = await api.storageState();
    return {
      cookies,
      origins: [{ origin, localStorage: [{ name: 'token', value: JSON.stringify(token) }] }],
    };
  } finally {
    await api.dispose();
  }
}

/**
 * A browser of its own, signed in on /tickets with its socket live (a stored session: storedSession). pt-BR by default, the product's first language:
 * specs may read its texts (spec part 1 §8 messages). `prepare` runs on the context before the page opens.
 */
export async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  width = 1400,
  opts: { locale?: string; prepare?(context: BrowserContext): Promise<void> } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height: 860 },
    locale: opts.locale ?? 'pt-BR',
    storageState: await storedSession(who),
  });
  await opts.prepare?.(context);
  const page = await context.newPage();
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/tickets$/);
  // Live from here on: the server has loaded this tab's access (the `ready` frame). The wait covers the first load
  // too (bundle, session restored from the stored one, socket): the login form's two waits gave it 10 s each.
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-realtime', 'ready', {
    timeout: 20_000,
  });
  return { context, page };
}

/** The customer in a browser of their own: the public web chat page, name given, ready to write. */
export async function openVisitorPage(browser: Browser, channelToken: string, name: string) {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`/webchat/${channelToken}`);
  await page.getByTestId('webchat-name').fill(name);
  await page.getByTestId('webchat-start').click();
  const say = async (body: string) => {
    await page.getByTestId('webchat-input').fill(body);
    await page.keyboard.press('Enter');
    await expect(page.getByText(body)).toBeVisible();
  };
  return { context, page, say };
}

/** A ticket as the admin finds it by its contact's name (the newest match), for ids and uuids in the specs. */
export async function findTicket(request: APIRequestContext, token: string, contactName: string) {
  const res = await request.get('/api/tickets', {
    headers: { authorization: `Bearer ${token}` },
    params: { searchParam: contactName, showAll: 'true' },
  });
  expect(res.ok()).toBe(true);
  const [ticket] = (await res.json()).tickets as { id: number; uuid: string }[];
  expect(ticket).toBeDefined();
  return ticket;
}

/** A short tag that makes names unique across runs and tests. */
export const uniqueTag = () => `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 5)}`;

/** The row of a ticket in one of the Open tab's lists. */
export const rowIn = (page: Page, list: 'open' | 'pending' | 'closed', ticketId: number) =>
  page.getByTestId(`ticket-list-${list}`).getByTestId(`ticket-row-${ticketId}`);

/** Opens the conversation header's menu and picks an entry (header-transfer, header-log, header-delete…). */
export async function headerMenu(page: Page, entry: string): Promise<void> {
  await page.getByTestId('header-more').click();
  await page.getByTestId(entry).click();
}
