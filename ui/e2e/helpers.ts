import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core, evaluated in the page (not a script tag: the product's CSP allows no inline script). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Fixtures the e2e server seeds (core/src/testing/e2e-server.ts). */
export const USERS = {
  admin: { email: 'admin@admin.com', password: 'e2e-admin' },
  /**
   * The specs' API calls sign in as this second super admin of company 1 (core/src/testing/e2e-server.ts): a login
   * ends the account's other session, and the browsers sign in as `admin`.
   */
  api: { email: 'api@e2e.test', password: 'e2e-api-pass' },
  expired: { email: 'admin@vencida.test', password: 'vencida-pass' },
  basic: { email: 'admin@basica.test', password: 'basica-pass' },
};

/** The seeded super admin's id (core/src/modules/seed.ts creates it first): who `USERS.admin` is. */
export const ADMIN_USER_ID = 1;

export async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
}

/**
 * Saves a screenshot under ui/e2e/screenshots (ignored by git) to look at by eye, when the run asks for them
 * (`E2E_SCREENSHOTS=1 npm run test:e2e`). A screenshot proves nothing by itself; with its wait for a quiet network
 * (half a second at least) and a full-page capture, the suite's 133 cost minutes of every test run.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.waitForLoadState('networkidle');
  await page.screenshot({
    path: path.join(import.meta.dirname, 'screenshots', `${name}.png`),
    fullPage: true,
  });
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const dark = await page.evaluate(() => document.body.classList.contains('bp6-dark'));
  if (dark !== (theme === 'dark')) await page.getByTestId('theme-toggle').click();
  await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /bp6-dark/ : /^(?!.*bp6-dark).*$/);
  // Leave the toggle: its tooltip would otherwise cover what sits below it (e.g. the ticket header's buttons).
  const height = page.viewportSize()?.height ?? 600;
  await page.mouse.move(1, height - 1);
}

/**
 * The text on screen that misses WCAG AA contrast (4.5:1, 3:1 for large text), measured by axe-core's
 * color-contrast rule: one line per element, empty when everything reads.
 */
export async function contrastProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? v.help}`),
    );
  });
}

/**
 * Ticks a Blueprint checkbox, switch or radio: the click goes to its label (the input itself is hidden), once the
 * label stands still, and the box is then checked. A forced click on the hidden input's box, while an opening dialog
 * still moved under load, once missed it ("Clicking the checkbox did not change its state").
 */
export async function tick(box: Locator): Promise<void> {
  if (!(await box.isChecked())) await box.locator('xpath=..').click();
  await expect(box).toBeChecked();
}
