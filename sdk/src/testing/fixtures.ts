import type { HostClient } from './host-client.js';

/**
 * Creates a plan (with the given flags) and a company with its admin through the super admin's API.
 * @example const shop = await createTenant(host, superToken, { name: 'Loja', flags: { useKanban: true } })
 */
export async function createTenant(
  host: HostClient,
  superToken: string,
  opts: { name: string; flags?: Record<string, boolean>; dueDate?: string | null; users?: number },
): Promise<{ companyId: number; planId: number; email: string; password: string }> {
  const plan = await host.request('/api/plans', {
    token: superToken,
    body: { name: `${opts.name} plan`, users: opts.users ?? 10, ...(opts.flags ?? {}) },
  });
  if (plan.status !== 201) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
  const { id: planId } = (await plan.json()) as { id: number };
  const email = `admin@${opts.name.toLowerCase().replace(/\W+/g, '-')}.test`;
  const password = 'tenant-pass';
  const company = await host.request('/api/companies', {
    token: superToken,
    body: { name: opts.name, email, planId, status: true, dueDate: opts.dueDate ?? '2999-01-01', password },
  });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${await company.text()}`);
  const { id: companyId } = (await company.json()) as { id: number };
  return { companyId, planId, email, password };
}

/**
 * Polls `check` until it returns a value other than undefined, or fails after the deadline. No fixed sleeps.
 * @example const frame = await eventually(() => frames.find((f) => f.channel === 'company-1-auth'))
 */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met before the deadline');
    await new Promise((r) => setTimeout(r, 25));
  }
}
