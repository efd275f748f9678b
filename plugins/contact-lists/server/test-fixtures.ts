import { createTenant, type TestHost } from '@balcao/testing';
import ExcelJS from 'exceljs';

/** A company on a plan with campaigns, its admin's and an attendant's (profile user) tokens. */
export async function campaignsTenant(host: TestHost, superToken: string, name: string) {
  const tenant = await createTenant(host, superToken, { name, flags: { useCampaigns: true } });
  const adminToken = (await host.login(tenant.email, tenant.password)).token;
  const email = `agent@${name.toLowerCase().replace(/\W+/g, '-')}.test`;
  const created = await host.request('/api/users', {
    token: adminToken,
    body: { name: `${name} Agent`, email, password: 'agent-pass' },
  });
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${await created.text()}`);
  const agentToken = (await host.login(email, 'agent-pass')).token;
  return { ...tenant, adminToken, agentToken };
}

/** `request` answering status and parsed body. */
export async function call(
  host: TestHost,
  path: string,
  init: { method?: string; body?: unknown; token: string },
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answers of many shapes, checked by their expectations
): Promise<{ status: number; body: any }> {
  const res = await host.request(path, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** An .xlsx of `rows` (the first sheet). */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Lista').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `POST /api/contact-lists/:id/upload` as the screen sends it (multipart, field `file`). */
export async function uploadSheet(
  host: TestHost,
  token: string,
  listId: number,
  data: Buffer,
  fileName = 'lista.xlsx',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  const res = await fetch(`${host.url}/api/contact-lists/${listId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the summary's fields, checked by their expectations
  return { status: res.status, body: (await res.json()) as any };
}
